import type { ActionFunctionArgs } from "@remix-run/node";
import { acknowledgeMt5 } from "~/models/mt5.server";
import { mt5AckRequestSchema, mt5AckResultSchema } from "~/schemas/api/signals";
import { apiHandler, apiJsonOf, methodNotAllowed, readJsonBody, validationProblem } from "~/services/http.server";
import { requireApiUser } from "~/services/session.server";

/** GET is not served: acknowledgements are posted. */
export const loader = () => methodNotAllowed(["POST"]);

/**
 * POST /api/mt5/ack `{ids}` (API key or session): the Expert Advisor applied
 * these entries of the caller's MT5 queue; each is not offered again until its
 * signal changes (docs/decisions/0052-mt5-auto-send-and-acks.md).
 * @returns 200 `{acknowledged, unknown}` (ids that are not the caller's entries
 *   are listed in `unknown`, nothing is done with them); 400 naming `ids`.
 */
export const action = apiHandler(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireApiUser(request);
  const parsed = mt5AckRequestSchema.safeParse(await readJsonBody(request));
  if (!parsed.success) return validationProblem(parsed.error);
  return apiJsonOf(mt5AckResultSchema, acknowledgeMt5(user.id, parsed.data.ids, new Date()));
});
