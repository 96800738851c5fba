import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiUserSchema } from "~/schemas/api/account";
import { apiHandler, apiJsonOf, readOnlyAction } from "~/services/http.server";
import { requireApiUser } from "~/services/session.server";

/** GET /api/auth/user: `{id, email, firstName, lastName, role}`, or 401 when signed out. */
export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request, { allowPendingConsent: true });
  return apiJsonOf(apiUserSchema, { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, role: user.role });
});

export const action = readOnlyAction();
