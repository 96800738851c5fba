/**
 * /portal/account/api — API Access: generate a key (shown once, in the
 * action's reply only), regenerate or revoke the viewer's keys, this month's
 * usage and how to call the API. Forms post a hidden `intent` handled by
 * `handleIntent` with `apiKeyIntentSchema`; only the viewer's keys are found.
 */
import { HelpLink } from "~/components/help/help-link";
import { HELP_LINKS } from "~/content/help-paths";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GenerateKeyCard, type GeneratedKeyReply } from "~/components/account/api/generate-key";
import { KeysTable } from "~/components/account/api/keys-table";
import { API_PAGE } from "~/components/account/api/styles";
import { ApiUsageHelp, UsageThisMonth } from "~/components/account/api/usage";
import type { IntentReplyData } from "~/components/portal/intent-form";
import { API_KEY_NOT_FOUND_MESSAGE, GENERATED_TOAST, REVOKED_TOAST } from "~/content/account";
import {
  ApiKeyLimitError,
  generateApiKey,
  listApiKeys,
  MAX_ACTIVE_API_KEYS,
  regenerateApiKey,
  revokeApiKey,
  usageThisMonth,
  type GeneratedApiKey,
} from "~/models/api-keys.server";
import { apiKeyIntentSchema } from "~/schemas/account";
import { appOrigin } from "~/services/auth.server";
import { handleIntent, type IntentOutcome } from "~/services/form-intent.server";
import { requireViewer } from "~/services/session.server";

export const meta: MetaFunction = () => [{ title: "API Access | FX Trader" }];

/** Nothing on this page (least of all a freshly generated key) may be cached. */
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

const NO_STORE = { "Cache-Control": "no-store" };

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireViewer(request);
  const usage = usageThisMonth(user.id, new Date());
  const keys = listApiKeys(user.id).map((key) => ({
    id: key.id,
    prefix: key.prefix,
    createdAt: key.createdAt.toISOString(),
    lastUsedAt: key.lastUsedAt ? key.lastUsedAt.toISOString() : null,
    revokedAt: key.revokedAt ? key.revokedAt.toISOString() : null,
    status: key.revokedAt ? ("revoked" as const) : ("active" as const),
  }));
  return json(
    {
      keys,
      activeCount: keys.filter((key) => key.status === "active").length,
      maxActive: MAX_ACTIVE_API_KEYS,
      usage: { requests: usage.requests, limit: usage.limit, resetsAt: usage.resetsAt.toISOString() },
      origin: appOrigin(),
    },
    { headers: NO_STORE },
  );
}

/** The reply carrying a new key: in this response body only, never in a cookie, the URL or the database. */
function generated(result: GeneratedApiKey): IntentOutcome<GeneratedKeyReply> {
  return { data: { key: result.key, prefix: result.record.prefix, toast: GENERATED_TOAST }, headers: NO_STORE };
}

function refused(message: string, status: number): IntentOutcome<GeneratedKeyReply> {
  return { formErrors: [message], status, headers: NO_STORE };
}

export async function action({ request }: ActionFunctionArgs) {
  const { user } = await requireViewer(request);
  return handleIntent(request, apiKeyIntentSchema, (value): IntentOutcome<GeneratedKeyReply> => {
    switch (value.intent) {
      case "generate":
        try {
          return generated(generateApiKey(user.id));
        } catch (error) {
          if (error instanceof ApiKeyLimitError) return refused(error.message, 409);
          throw error;
        }
      case "regenerate": {
        // Scoped to the viewer: another user's key id is simply not found.
        const result = regenerateApiKey(user.id, value.keyId);
        return result ? generated(result) : refused(API_KEY_NOT_FOUND_MESSAGE, 404);
      }
      case "revoke":
        if (!revokeApiKey(user.id, value.keyId)) return refused(API_KEY_NOT_FOUND_MESSAGE, 404);
        return { toast: REVOKED_TOAST, redirectTo: API_PAGE };
    }
  });
}

export default function ApiAccess() {
  const { keys, activeCount, maxActive, usage, origin } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as IntentReplyData<GeneratedKeyReply>;
  return (
    <div className="flex flex-col gap-6">
      <HelpLink slug={HELP_LINKS.apiKeys} label="Help: API keys and the API" />
      <GenerateKeyCard reply={reply} activeCount={activeCount} maxActive={maxActive} />
      <KeysTable keys={keys} />
      <UsageThisMonth usage={usage} />
      <ApiUsageHelp origin={origin} />
    </div>
  );
}
