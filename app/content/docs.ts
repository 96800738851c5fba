/**
 * Texts of /docs/api: the page's header and the "Getting started" guide.
 * Shell examples use `$FXT_URL` (set in the first example to SITE_ORIGIN,
 * which the page replaces with the site's own origin) and `$FXT_API_KEY`; tests/integration/docs-curl.test.ts runs every `curl` line
 * here and in README.md against a running server.
 */

/** Written where the site's origin goes in an example; /docs/api shows the origin it is served from instead. */
export const SITE_ORIGIN = "{site-origin}";

export const DOCS_META = {
  title: "API Docs",
  description: "The FX Trader API: strategies, signals, the verifiable ledger, your account, the MT5 queue and the calculators, with an OpenAPI 3.1 document.",
};

export const DOCS_INTRO = {
  title: "API Docs",
  lead: "Everything a program needs to read strategies and signals, verify the ledger and poll MT5 orders. The machine-readable reference is the OpenAPI 3.1 document.",
  documentLabel: "OpenAPI document (JSON)",
  documentPath: "/api/openapi.json",
  referenceTitle: "Reference",
  referenceLead: "The interactive reference lets you browse every schema and try each request from the browser. It is a large script (over 1 MB compressed), so it loads only when you open it; every operation is also listed below.",
  referenceOpen: "Open the interactive reference",
  referenceClose: "Close the interactive reference",
  referenceLoading: "Loading the interactive reference…",
  referenceNeedsScript: "The interactive reference runs in the browser and needs JavaScript. Every operation, with its parameters, responses and a curl example, is listed below.",
  referenceFailed: "The interactive reference could not be loaded. Every operation is listed below.",
  operationsTitle: "Operations",
  parametersLabel: "Parameters",
  responsesLabel: "Responses",
  curlLabel: "Example",
};

export interface GuideSection {
  id: string;
  title: string;
  body: string;
  examples: ReadonlyArray<{ label: string; language: "shell" | "typescript" | "python"; code: string }>;
}

const TYPESCRIPT_WEBHOOK = `import { createHmac, timingSafeEqual } from "node:crypto";

/** True when a Standard Webhooks request is signed with \`secret\` ("whsec_…") and is under 5 minutes old. */
export function verifyWebhook(secret: string, headers: Headers, body: string, now = Date.now()): boolean {
  const id = headers.get("webhook-id");
  const timestamp = headers.get("webhook-timestamp");
  const signatures = headers.get("webhook-signature");
  if (!id || !timestamp || !signatures) return false;
  if (Math.abs(now / 1000 - Number(timestamp)) > 300) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const expected = createHmac("sha256", key).update(\`\${id}.\${timestamp}.\${body}\`).digest();
  return signatures.split(" ").some((entry) => {
    const [version, signature] = entry.split(",");
    const given = Buffer.from(signature ?? "", "base64");
    return version === "v1" && given.length === expected.length && timingSafeEqual(given, expected);
  });
}`;

const PYTHON_WEBHOOK = `import base64, hashlib, hmac, time

def verify_webhook(secret: str, headers: dict, body: bytes) -> bool:
    """True when a Standard Webhooks request is signed with secret ("whsec_...") and is under 5 minutes old."""
    msg_id, timestamp = headers["webhook-id"], headers["webhook-timestamp"]
    if abs(time.time() - int(timestamp)) > 300:
        return False
    key = base64.b64decode(secret.removeprefix("whsec_"))
    expected = hmac.new(key, f"{msg_id}.{timestamp}.".encode() + body, hashlib.sha256).digest()
    for entry in headers["webhook-signature"].split(" "):
        version, _, signature = entry.partition(",")
        if version == "v1" and hmac.compare_digest(base64.b64decode(signature), expected):
            return True
    return False`;

export const GETTING_STARTED: { title: string; sections: readonly GuideSection[] } = {
  title: "Getting started",
  sections: [
    {
      id: "create-a-key",
      title: "Create a key",
      body: "Sign in, open Portal → Account → API Access and generate a key. It is shown once: keep it secret and send it as `Authorization: Bearer <key>`. Public endpoints work without a key; a key unlocks your own data and the live signals of your plan.",
      examples: [{ label: "Keep the key in your shell", language: "shell", code: `export FXT_URL=${SITE_ORIGIN}\nexport FXT_API_KEY=fxt_your_key_here` }],
    },
    {
      id: "first-request",
      title: "Your first request",
      body: "List the strategies (public), then ask who you are with your key.",
      examples: [
        {
          label: "curl",
          language: "shell",
          code: 'curl -s "$FXT_URL/api/strategies"\ncurl -s -H "Authorization: Bearer $FXT_API_KEY" "$FXT_URL/api/me"',
        },
      ],
    },
    {
      id: "pagination",
      title: "Pagination",
      body: "Lists take `limit` (1 to 100, default 20). Signals and posts are newest first (signals by creation time, posts by publish time, then id) and page by cursor: send the `X-Next-Cursor` header's id as `before` for the next, older page (the `Link: <…>; rel=\"next\"` header names that URL; both are absent on the last page), or an id as `after` for the newer ones (`rel=\"prev\"`); the body stays a plain array. The ledger and the MT5 queue page oldest first: pass the answer's `nextCursor` as `after` (the `Link` header names that URL) until it is null (ledger) or the page is empty (queue).",
      examples: [
        { label: "curl", language: "shell", code: 'curl -s -i "$FXT_URL/api/signals?limit=2"' },
        { label: "curl", language: "shell", code: 'curl -s "$FXT_URL/api/ledger?after=0&limit=50"' },
      ],
    },
    {
      id: "errors",
      title: "Errors",
      body: "Every error is an RFC 9457 problem (`application/problem+json`) with `status`, `title` and `detail`; a 400 lists each invalid field in `errors: [{field, message}]`. Quote the response's `X-Request-Id` when you contact support; you may send your own (letters, digits, `._:-`, up to 128 characters).",
      examples: [{ label: "A 400 problem", language: "shell", code: 'curl -s "$FXT_URL/api/signals?limit=500"' }],
    },
    {
      id: "rate-limits",
      title: "Rate limits and caching",
      body: 'Your keys may make 10,000 requests a calendar month (UTC) together, 100,000 on the Institutional plan. Keyed answers carry `RateLimit-Policy: "monthly";q=10000;w=…` and `RateLimit: "monthly";r=<left>;t=<seconds to reset>`; past the limit the API answers 429 with `Retry-After`. GET answers carry an `ETag`: send it back as `If-None-Match` and an unchanged answer is a bodiless 304. Public reads (strategies and their track records, signals, blog, ledger, this document) may be called from any web origin (CORS, without cookies).',
      examples: [{ label: "See the headers", language: "shell", code: 'curl -s -i -H "Authorization: Bearer $FXT_API_KEY" "$FXT_URL/api/strategies"' }],
    },
    {
      id: "mt5",
      title: "MT5 polling",
      body: "Send a signal to MT5 from the portal, or turn on Auto-send to MT5 for a strategy you follow. Your Expert Advisor polls the queue with your key every few seconds, remembering `nextCursor`, and acknowledges what it applied with `POST /api/mt5/ack {ids}`: an unacknowledged entry comes again after 60 s, an acknowledged one only when its signal changes (a new `version`). A ready-made Expert Advisor is in the repository's `integrations/mt5/`.",
      examples: [{ label: "curl", language: "shell", code: 'curl -s -H "Authorization: Bearer $FXT_API_KEY" "$FXT_URL/api/mt5/queue?after=0"' }],
    },
    {
      id: "webhooks",
      title: "Verifying webhooks",
      body: "Register an endpoint under Portal → Account → Webhooks or with `POST /api/webhooks`; each signal event then arrives as a POST that follows Standard Webhooks: each delivery carries `webhook-id`, `webhook-timestamp` (Unix seconds) and `webhook-signature` (`v1,<base64 HMAC-SHA256>` entries separated by spaces), signed over `id.timestamp.body` with your endpoint's secret (`whsec_…`). Verify the raw body before parsing it, reject timestamps more than 5 minutes off, and use `webhook-id` to drop repeats.",
      examples: [
        { label: "TypeScript (Node)", language: "typescript", code: TYPESCRIPT_WEBHOOK },
        { label: "Python", language: "python", code: PYTHON_WEBHOOK },
      ],
    },
    {
      id: "ledger",
      title: "Verifying the ledger",
      body: "Every signal event is sealed in a hash chain. Fetch the head, then recompute the chain from the events: each `hash` covers the previous one, so a rewritten past breaks every later link. `npm run ledger:verify -- --url <site>` does it and names the first bad seq; the rules are in docs/ledger.md.",
      examples: [{ label: "curl", language: "shell", code: 'curl -s "$FXT_URL/api/ledger/head"\ncurl -s "$FXT_URL/api/signals/1/events"' }],
    },
  ],
};
