/** OpenAPI paths of the browser sign-in redirects (not for programs; listed so the document covers every /api route). */
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject } from "zod-openapi";
import { z } from "~/schemas/api/zod";

const redirect = (operationId: string, summary: string, description: string, query?: ZodOpenApiOperationObject["requestParams"]): ZodOpenApiOperationObject => ({
  operationId,
  tags: ["Sign-in"],
  summary,
  description,
  security: [{}],
  ...(query ? { requestParams: query } : {}),
  responses: { "302": { description: "Redirect (`Location`)." } },
});

export const signInPaths: ZodOpenApiPathsObject = {
  "/api/login": {
    get: redirect("startSignIn", "Start sign-in", "To the identity provider when single sign-on is configured, else to /login (or /signup).", {
      query: z.object({
        returnTo: z.string().optional().openapi({ description: "A same-site path to land on afterwards (default /dashboard).", example: "/portal" }),
        screen: z.enum(["signup"]).optional(),
      }),
    }),
  },
  "/api/callback": {
    get: redirect("completeSignIn", "Complete single sign-on", "The identity provider's redirect back; starts a session."),
  },
  "/api/logout": {
    get: redirect("confirmSignOut", "Sign-out page", "Leads to the /logout confirmation page."),
    post: redirect("signOut", "Sign out", "Ends the session and redirects home."),
  },
};
