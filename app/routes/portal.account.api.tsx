import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { z } from "zod";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { controlClass } from "~/components/ui/field";
import { Alert } from "~/components/ui/form-alert";
import { toast } from "~/components/ui/toast";
import { useHydrated } from "~/components/ui/use-hydrated";
import { formatDate, formatDateTime } from "~/domain/signal-display";
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
import { appOrigin } from "~/services/auth.server";
import { requireViewer } from "~/services/session.server";
import { redirectWithToast } from "~/services/toast.server";
import { progressBarClass } from "~/components/ui/progress";

export const meta: MetaFunction = () => [{ title: "API Access | FX Trader" }];

/** Nothing on this page (least of all a freshly generated key) may be cached. */
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

const PAGE = "/portal/account/api";

/** Spec section 8. */
export const GENERATED_TOAST = {
  title: "API Key Generated",
  description: "Your new API key has been generated. Please store it securely.",
} as const;
export const REVOKED_TOAST = {
  title: "API Key Revoked",
  description: "Programs using that key are refused from now on.",
} as const;

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
    { headers: { "Cache-Control": "no-store" } },
  );
}

const keyId = z.coerce.number({ invalid_type_error: "Choose a key" }).int().positive("Choose a key");
const intentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("generate") }),
  z.object({ intent: z.literal("regenerate"), keyId }),
  z.object({ intent: z.literal("revoke"), keyId }),
]);

type ActionData =
  | { ok: true; intent: "generate" | "regenerate"; key: string; prefix: string; toast: typeof GENERATED_TOAST }
  | { ok: false; error: string };

function generated(intent: "generate" | "regenerate", result: GeneratedApiKey) {
  // The key travels only in this response body: never in a cookie, the URL or the database.
  return json<ActionData>(
    { ok: true, intent, key: result.key, prefix: result.record.prefix, toast: GENERATED_TOAST },
    { headers: { "Cache-Control": "no-store" } },
  );
}

function failed(status: number, error: string) {
  return json<ActionData>({ ok: false, error }, { status, headers: { "Cache-Control": "no-store" } });
}

export async function action({ request }: ActionFunctionArgs) {
  const { user } = await requireViewer(request);
  const parsed = intentSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return failed(400, "That request was not understood. Please try again.");
  const input = parsed.data;
  switch (input.intent) {
    case "generate":
      try {
        return generated("generate", generateApiKey(user.id));
      } catch (error) {
        if (error instanceof ApiKeyLimitError) return failed(409, error.message);
        throw error;
      }
    case "regenerate": {
      // Scoped to the viewer: another user's key id is simply not found.
      const result = regenerateApiKey(user.id, input.keyId);
      if (!result) return failed(404, "That key was not found or is already revoked.");
      return generated("regenerate", result);
    }
    case "revoke":
      if (!revokeApiKey(user.id, input.keyId)) return failed(404, "That key was not found or is already revoked.");
      return redirectWithToast(request, PAGE, REVOKED_TOAST);
  }
}

const numberFormat = new Intl.NumberFormat("en-US");

export default function ApiAccess() {
  const { keys, activeCount, maxActive, usage, origin } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const busy = navigation.state === "submitting" && navigation.formAction === PAGE;
  const busyIntent = busy ? navigation.formData?.get("intent") : null;
  const busyKeyId = busy ? navigation.formData?.get("keyId") : null;

  useEffect(() => {
    if (actionData?.ok) toast(actionData.toast);
  }, [actionData]);

  const percent = Math.min(100, Math.round((usage.requests / usage.limit) * 1000) / 10);
  const atLimit = activeCount >= maxActive;

  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <h2 className="text-xl font-semibold">API Access</h2>
          <CardDescription>
            Keys let your own programs and Expert Advisors call the FX Trader API as you, with your plan&apos;s access. Each key is
            shown once, when it is generated; we keep only a fingerprint of it.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {actionData && !actionData.ok ? (
            <Alert>{actionData.error}</Alert>
          ) : null}

          {actionData?.ok ? (
            <NewKey key={actionData.key} apiKey={actionData.key} hydrated={hydrated} toastText={actionData.toast} />
          ) : null}

          <Form method="post" action={PAGE} className="flex flex-wrap items-center gap-3">
            <input type="hidden" name="intent" value="generate" />
            <Button type="submit" disabled={atLimit || busy}>
              {busyIntent === "generate" ? "Generating..." : "Generate New Key"}
            </Button>
            <p className="text-sm text-slate-700 dark:text-slate-300">
              {atLimit
                ? `You have ${maxActive} active keys, the most allowed. Revoke one to generate another.`
                : `${activeCount} of ${maxActive} active keys in use.`}
            </p>
          </Form>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Your keys</CardTitle>
          <CardDescription>Regenerate replaces a key with a new one; the old key stops working at once.</CardDescription>
        </CardHeader>
        <CardContent>
          {keys.length === 0 ? (
            <p className="text-sm text-slate-700 dark:text-slate-300">No API keys yet. Generate one to get started.</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Your API keys</caption>
                <thead className="border-b border-slate-200 text-slate-700 dark:border-slate-700 dark:text-slate-300">
                  <tr>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      Key
                    </th>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      Created
                    </th>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      Last used
                    </th>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      Status
                    </th>
                    <th scope="col" className="py-2 font-medium">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {keys.map((key) => (
                    <tr key={key.id} className="border-b border-slate-100 last:border-0 dark:border-slate-800" data-testid="api-key-row">
                      <td className="py-3 pr-4 font-mono">{`${key.prefix}…`}</td>
                      <td className="py-3 pr-4">
                        <time dateTime={key.createdAt}>{formatDate(key.createdAt)}</time>
                      </td>
                      <td className="py-3 pr-4">
                        {key.lastUsedAt ? <time dateTime={key.lastUsedAt}>{formatDateTime(key.lastUsedAt)}</time> : "Never"}
                      </td>
                      <td className="py-3 pr-4">
                        {key.status === "active" ? (
                          <Badge variant="success">Active</Badge>
                        ) : (
                          <Badge variant="secondary">Revoked</Badge>
                        )}
                      </td>
                      <td className="py-3">
                        {key.status === "active" ? (
                          <div className="flex flex-wrap justify-end gap-2">
                            <Form method="post" action={PAGE}>
                              <input type="hidden" name="intent" value="regenerate" />
                              <input type="hidden" name="keyId" value={key.id} />
                              <Button type="submit" variant="outline" size="sm" disabled={busy} aria-label={`Regenerate key ${key.prefix}`}>
                                {busyIntent === "regenerate" && busyKeyId === String(key.id) ? "Regenerating..." : "Regenerate"}
                              </Button>
                            </Form>
                            <Form method="post" action={PAGE}>
                              <input type="hidden" name="intent" value="revoke" />
                              <input type="hidden" name="keyId" value={key.id} />
                              <Button type="submit" variant="destructive" size="sm" disabled={busy} aria-label={`Revoke key ${key.prefix}`}>
                                {busyIntent === "revoke" && busyKeyId === String(key.id) ? "Revoking..." : "Revoke"}
                              </Button>
                            </Form>
                          </div>
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle id="api-usage-title">Usage this month</CardTitle>
          <CardDescription>Every request made with one of your keys counts. Past the limit the API answers 429 until the month resets.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-2">
          <p className="text-sm" data-testid="api-usage">
            <span className="text-2xl font-bold tabular-nums">{numberFormat.format(usage.requests)}</span>
            {` / ${numberFormat.format(usage.limit)} requests`}
          </p>
          <progress
            max={100}
            value={percent}
            aria-labelledby="api-usage-title"
            aria-valuetext={`${percent}% used, ${numberFormat.format(usage.requests)} of ${numberFormat.format(usage.limit)} requests`}
            className={progressBarClass}
          >
            {`${percent}%`}
          </progress>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Resets on <time dateTime={usage.resetsAt}>{formatDate(usage.resetsAt)}</time> (00:00 UTC).
          </p>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Usage</CardTitle>
          <CardDescription>Send the key in the Authorization header of any GET request under /api.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-3 text-sm">
          <pre className="overflow-x-auto rounded-md bg-slate-100 p-3 font-mono text-xs text-slate-900 dark:bg-slate-950 dark:text-slate-100">
            <code>{`curl -H "Authorization: Bearer <key>" ${origin}/api/signals?limit=5`}</code>
          </pre>
          <p className="text-slate-700 dark:text-slate-300">
            MetaTrader 5 Expert Advisors poll <code className="font-mono">{`${origin}/api/mt5/queue?after=<nextCursor>`}</code> to
            receive each signal you send to MT5 exactly once.
          </p>
        </CardContent>
      </Card>
    </div>
  );
}

function NewKey({
  apiKey,
  hydrated,
  toastText,
}: {
  apiKey: string;
  hydrated: boolean;
  toastText: { title: string; description: string };
}) {
  const [shown, setShown] = useState(false);
  const [copied, setCopied] = useState<"idle" | "copied" | "failed">("idle");
  const inputRef = useRef<HTMLInputElement>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(apiKey);
      setCopied("copied");
    } catch {
      // Clipboard refused (permissions, insecure origin): reveal and select so the user can copy by hand.
      setShown(true);
      requestAnimationFrame(() => inputRef.current?.select());
      setCopied("failed");
    }
  }

  return (
    <section
      aria-labelledby="new-key-title"
      className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
      data-testid="new-api-key"
    >
      {!hydrated ? (
        <noscript>
          <div role="status" className="mb-3">
            <p className="font-semibold">{toastText.title}</p>
            <p className="text-sm">{toastText.description}</p>
          </div>
        </noscript>
      ) : null}
      <h3 id="new-key-title" className="font-semibold">
        Your new API key
      </h3>
      <p className="mt-1 text-sm">Copy it now and keep it somewhere safe. It will not be shown again.</p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <label htmlFor="new-api-key" className="sr-only">
          New API key
        </label>
        <input
          ref={inputRef}
          id="new-api-key"
          type={shown ? "text" : "password"}
          readOnly
          value={apiKey}
          autoComplete="off"
          spellCheck={false}
          onFocus={(event) => event.currentTarget.select()}
          className={`${controlClass} max-w-xl flex-1 font-mono`}
        />
        {hydrated ? (
          <>
            <Button type="button" variant="outline" size="md" aria-pressed={shown} onClick={() => setShown((value) => !value)}>
              {shown ? "Hide" : "Show"}
            </Button>
            <Button type="button" variant="secondary" size="md" onClick={copy}>
              Copy
            </Button>
          </>
        ) : null}
      </div>
      <p aria-live="polite" className="mt-2 text-sm">
        {copied === "copied" ? "Copied to the clipboard." : copied === "failed" ? "Copying failed: the key is selected, copy it by hand." : ""}
      </p>
      {!hydrated ? (
        <noscript>
          <p className="mt-2 text-sm">Your key (select it to copy):</p>
          <code className="mt-1 block rounded-md bg-white p-2 font-mono text-sm break-all text-slate-900 select-all dark:bg-slate-900 dark:text-slate-100">
            {apiKey}
          </code>
        </noscript>
      ) : null}
    </section>
  );
}
