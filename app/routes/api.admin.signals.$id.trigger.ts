import { triggerSignal } from "~/models/signals.server";
import { triggerSchema } from "~/schemas/signal-transitions";
import { methodNotAllowed } from "~/services/http.server";
import { signalTransitionAction } from "~/services/signal-transition-api.server";

/**
 * POST /api/admin/signals/{id}/trigger (admins, by session or API key): body `{fillPrice, at?}`; PENDING → ACTIVE.
 * 200 with the updated signal; 404 unknown id; 409 wrong state; 400 naming the field.
 */
export const action = signalTransitionAction(triggerSchema, triggerSignal);

export const loader = () => methodNotAllowed(["POST"]);
