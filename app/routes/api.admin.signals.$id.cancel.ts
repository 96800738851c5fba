import { cancelSignal } from "~/models/signals.server";
import { cancelSchema } from "~/schemas/signal-transitions";
import { methodNotAllowed } from "~/services/http.server";
import { signalTransitionAction } from "~/services/signal-transition-api.server";

/**
 * POST /api/admin/signals/{id}/cancel (admins, by session or API key): body `{note?, at?}`; PENDING → CANCELLED.
 * 200 with the updated signal; 404 unknown id; 409 wrong state; 400 naming the field.
 */
export const action = signalTransitionAction(cancelSchema, cancelSignal);

export const loader = () => methodNotAllowed(["POST"]);
