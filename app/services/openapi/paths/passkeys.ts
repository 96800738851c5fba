/**
 * OpenAPI paths of the passkey ceremonies (docs/decisions/0130-passkeys.md): used by the
 * site's own pages with @simplewebauthn/browser; listed so the document covers every /api route.
 */
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject } from "zod-openapi";
import { authenticationVerifySchema, registrationVerifySchema } from "~/schemas/passkeys";
import { z } from "~/schemas/api/zod";
import { jsonResponse, problemResponses } from "../responses";

const SESSION_ONLY = [{ sessionCookie: [] }];
const ANYONE = [{}];

/** WebAuthn options as @simplewebauthn/server makes them (PublicKeyCredentialCreationOptionsJSON / …RequestOptionsJSON). */
const optionsSchema = (kind: string) =>
  z
    .object({ challenge: z.string().openapi({ description: "base64url, single use, valid 5 minutes." }), timeout: z.number().int().optional() })
    .passthrough()
    .openapi({ description: `${kind}: pass it as \`optionsJSON\` to @simplewebauthn/browser.` });

const post = (operation: Omit<ZodOpenApiOperationObject, "tags">): { post: ZodOpenApiOperationObject } => ({
  post: { tags: ["Sign-in"], ...operation },
});

export const passkeyPaths: ZodOpenApiPathsObject = {
  "/api/auth/passkeys/registration/options": post({
    operationId: "passkeyRegistrationOptions",
    summary: "Start adding a passkey",
    description:
      "Options for `startRegistration`: a new challenge bound to your session, discoverable credential and user verification required, your existing passkeys excluded. No body. A session is required; an API key cannot add passkeys.",
    security: SESSION_ONLY,
    responses: {
      "200": jsonResponse(optionsSchema("PublicKeyCredentialCreationOptionsJSON"), "The registration options."),
      ...problemResponses(401, 405, 429),
    },
  }),
  "/api/auth/passkeys/registration/verify": post({
    operationId: "passkeyRegistrationVerify",
    summary: "Finish adding a passkey",
    description:
      "Checks the browser's `startRegistration` answer against your session's challenge (which it uses up) and stores the passkey with its signature counter, backup state and transports. `name` defaults to \"Passkey n\".",
    security: SESSION_ONLY,
    requestBody: { required: true, content: { "application/json": { schema: registrationVerifySchema } } },
    responses: {
      "201": jsonResponse(
        z
          .object({
            id: z.number().int(),
            name: z.string(),
            createdAt: z.string().datetime(),
            deviceType: z.enum(["singleDevice", "multiDevice"]),
            backedUp: z.boolean(),
          })
          .strict(),
        "The passkey was added.",
      ),
      ...problemResponses(400, 401, 405, 409, 413, 415),
    },
  }),
  "/api/auth/passkeys/authentication/options": post({
    operationId: "passkeyAuthenticationOptions",
    summary: "Start signing in with a passkey",
    description:
      "Options for `startAuthentication` (a button, or the browser's autofill): a new challenge with no `allowCredentials`, bound to this browser by the signed `__passkey` cookie (5 minutes). No body. 60 a client address in 15 minutes.",
    security: ANYONE,
    responses: {
      "200": jsonResponse(optionsSchema("PublicKeyCredentialRequestOptionsJSON"), "The sign-in options; `Set-Cookie: __passkey`."),
      ...problemResponses(405, 429),
    },
  }),
  "/api/auth/passkeys/authentication/verify": post({
    operationId: "passkeyAuthenticationVerify",
    summary: "Sign in with a passkey",
    description:
      "Checks the browser's `startAuthentication` answer against this browser's challenge (which it uses up). A passkey with user verification is both factors: no two-factor code is asked. A signature counter that went backwards (a copied authenticator) is refused with 403. On success the session cookie is set as by the password sign-in, and `redirectTo` is `returnTo` when it is a same-site path, else /dashboard. Counts toward the sign-in rate limits.",
    security: ANYONE,
    requestBody: { required: true, content: { "application/json": { schema: authenticationVerifySchema } } },
    responses: {
      "200": jsonResponse(z.object({ redirectTo: z.string() }).strict(), "Signed in; `Set-Cookie: __session`."),
      ...problemResponses(400, 403, 405, 413, 415, 429),
    },
  }),
};
