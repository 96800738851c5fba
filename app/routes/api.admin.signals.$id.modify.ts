import { modifySignal } from "~/models/signals.server";
import { modifySchema } from "~/schemas/signal-transitions";
import { methodNotAllowed } from "~/services/http.server";
import { signalTransitionAction } from "~/services/signal-transition-api.server";

/**
 * POST /api/admin/signals/{id}/modify (admins, by session or API key): body `{sl?, tp1?, tp2?, at?}`; new levels for a PENDING or ACTIVE signal.
 * 200 with the updated signal; 404 unknown id; 409 wrong state; 400 naming the field.
 */
export const action = signalTransitionAction(modifySchema, modifySignal);

export const loader = () => methodNotAllowed(["POST"]);
