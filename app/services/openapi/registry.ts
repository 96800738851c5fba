/**
 * Where every /api operation is registered for the OpenAPI document: one
 * module per area under ./paths. A new /api route adds its path here (the
 * test "every api route is documented" fails otherwise); outgoing webhooks go
 * in `WEBHOOKS` (the document's `webhooks` section).
 */
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { accountPaths } from "./paths/account";
import { adminPaths } from "./paths/admin";
import { calculatorPaths } from "./paths/calculators";
import { cataloguePaths } from "./paths/catalogue";
import { metaPaths } from "./paths/meta";
import { passkeyPaths } from "./paths/passkeys";
import { signInPaths } from "./paths/sign-in";
import { signalPaths } from "./paths/signals";
import { statusPaths } from "./paths/status";
import { stripePaths } from "./paths/stripe";
import { telegramPaths } from "./paths/telegram";
import { outgoingWebhooks, streamSchemas, webhookPaths } from "./paths/webhooks";

export const PATHS: ZodOpenApiPathsObject = {
  ...cataloguePaths,
  ...signalPaths,
  ...accountPaths,
  ...calculatorPaths,
  ...adminPaths,
  ...statusPaths,
  ...metaPaths,
  ...signInPaths,
  ...passkeyPaths,
  ...webhookPaths,
  ...telegramPaths,
  ...stripePaths,
};

/** Outgoing webhooks (`webhooks` section), keyed by event name. */
export const WEBHOOKS: ZodOpenApiPathsObject = outgoingWebhooks;

/** Schemas named in descriptions only (not bodies of a JSON answer), such as the stream's messages. */
export const SCHEMA_COMPONENTS = { ...streamSchemas };
