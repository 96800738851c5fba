import { partiallyCloseSignal } from "~/models/signals.server";
import { partialCloseSchema } from "~/schemas/signal-transitions";
import { methodNotAllowed } from "~/services/http.server";
import { signalTransitionAction } from "~/services/signal-transition-api.server";

/**
 * POST /api/admin/signals/{id}/partial-close (admins, by session or API key): body `{exitPrice, fraction, at?}`; closes part of an ACTIVE position.
 * 200 with the updated signal; 404 unknown id; 409 wrong state; 400 naming the field.
 */
export const action = signalTransitionAction(partialCloseSchema, partiallyCloseSignal);

export const loader = () => methodNotAllowed(["POST"]);
