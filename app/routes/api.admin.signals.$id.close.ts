import { closeSignal } from "~/models/signals.server";
import { closeSchema } from "~/schemas/signal-transitions";
import { methodNotAllowed } from "~/services/http.server";
import { signalTransitionAction } from "~/services/signal-transition-api.server";

/**
 * POST /api/admin/signals/{id}/close (admins, by session or API key): body `{exitPrice, reason, at?}`; ACTIVE → CLOSED with its outcome.
 * 200 with the updated signal; 404 unknown id; 409 wrong state; 400 naming the field.
 */
export const action = signalTransitionAction(closeSchema, closeSignal);

export const loader = () => methodNotAllowed(["POST"]);
