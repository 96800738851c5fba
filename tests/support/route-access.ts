/**
 * Every route file in app/routes: the URL it serves (worked out from the file
 * name by Remix v2's flat-routes convention) and who may call its loader (GET)
 * and its action (POST). The authorization matrix test fails when a file is
 * missing from ROUTE_ACCESS or an entry has no file, so a new route must be
 * classified here before the suite passes; the fuzz suite reads the same list.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";

/** Folder of the route modules, relative to the project root. */
export const ROUTES_DIR = join(process.cwd(), "app", "routes");

const ROUTE_MODULE = /\.(tsx?|jsx?)$/;

/** The route module file names in app/routes (e.g. `api.signals._index.ts`), sorted. */
export function routeFiles(): string[] {
  return readdirSync(ROUTES_DIR, { withFileTypes: true })
    .filter((entry) => entry.isFile() && ROUTE_MODULE.test(entry.name) && !entry.name.startsWith("."))
    .map((entry) => entry.name)
    .sort();
}

/** The URL shape of one route module. */
export interface RoutePattern {
  /** Path with `:name` params and `*` for a splat, e.g. `/api/signals/strategy/:strategyId`. */
  path: string;
  /** Param names in path order (`*` for the splat). */
  params: string[];
  /** An index route: its action is reached with `?index` (Remix's index query). */
  index: boolean;
}

/** Splits a route file stem on the dots that separate segments (a dot inside `[...]` is escaped). */
function segmentsOf(stem: string): string[] {
  const segments: string[] = [];
  let current = "";
  let escaped = false;
  for (const char of stem) {
    if (char === "[") escaped = true;
    else if (char === "]") escaped = false;
    if (char === "." && !escaped) {
      segments.push(current);
      current = "";
    } else {
      current += char;
    }
  }
  segments.push(current);
  return segments;
}

/**
 * The URL a Remix v2 flat-routes file name serves:
 * `api.signals.strategy.$strategyId.ts` → `/api/signals/strategy/:strategyId`;
 * `portal.account._index.tsx` → `/portal/account` (index); `insights.rss[.]xml.ts`
 * → `/insights/rss.xml`; `login_.two-factor.tsx` → `/login/two-factor`;
 * `$.tsx` → `/*`; `_index.tsx` → `/` (index); `_auth.login.tsx` → `/login`;
 * `($lang).about.tsx` → `/:lang/about` (optional segments taken as present).
 */
export function routePattern(file: string): RoutePattern {
  const stem = file.replace(ROUTE_MODULE, "");
  const parts: string[] = [];
  const params: string[] = [];
  let index = false;
  for (const raw of segmentsOf(stem)) {
    if (raw === "_index") {
      index = true;
      continue;
    }
    if (raw.startsWith("_")) continue; // pathless layout
    let segment = raw.endsWith("_") ? raw.slice(0, -1) : raw; // `login_`: not nested in login's layout
    if (segment.startsWith("(") && segment.endsWith(")")) segment = segment.slice(1, -1);
    if (segment === "$") {
      params.push("*");
      parts.push("*");
    } else if (segment.startsWith("$")) {
      params.push(segment.slice(1));
      parts.push(`:${segment.slice(1)}`);
    } else {
      parts.push(segment.replace(/\[([^\]]*)\]/g, "$1"));
    }
  }
  return { path: `/${parts.join("/")}`, params, index };
}

/**
 * Fills a pattern's params (values are URL-encoded; the splat is taken as it is).
 * @returns the path, plus `?index` when `forAction` and the route is an index route.
 */
export function routeUrl(pattern: RoutePattern, values: Record<string, string>, forAction = false): string {
  const path = pattern.path.replace(/:([\w-]+)|\*/g, (match, name: string | undefined) => {
    const value = values[name ?? "*"];
    if (value === undefined) throw new Error(`No value for param ${match} of ${pattern.path}`);
    return name ? encodeURIComponent(value) : value;
  });
  return forAction && pattern.index ? `${path}?index` : path;
}

/**
 * Who may call a loader or action:
 * - `public`: anyone, signed in or not;
 * - `guest`: a page for signed-out visitors; signed-in visitors are redirected on;
 * - `signed-in`: a page or form for signed-in users (session cookie; an API key is not a session);
 * - `session-page`: a page about the current session (the logout confirmation): signed-in users see it, anyone else is sent home;
 * - `admin`: signed-in admins only (403 for other users);
 * - `api-user`: /api for a session or an API key (401 without either);
 * - `api-session`: /api for a signed-in session only (401 anonymous and for API keys: a key cannot manage sign-in credentials);
 * - `api-admin`: /api for admins, by session or API key (401 signed out, 403 for other users).
 */
export type Access = "public" | "guest" | "signed-in" | "session-page" | "admin" | "api-user" | "api-session" | "api-admin";

/** Where a param value comes from: the seeded data (looked up by the test using it) or a value that matches nothing. */
export type ParamSource = "strategySlug" | "strategyId" | "blogSlug" | "unknown";

/** One handler of a route: who may call it and what an allowed caller gets for the probe request. */
export interface HandlerAccess {
  access: Access;
  /** Status an allowed caller gets for the probe (GET, or a POST of `form`/`json`). */
  allowed: number;
  /** The form the POST probe sends (urlencoded). */
  form?: Record<string, string>;
  /** Names a JSON body the POST probe sends instead of a form (built by the test: it depends on seeded ids and the clock). */
  json?: "valid-signal" | "valid-position-size" | "valid-risk-of-ruin";
}

/** A route file's handlers: GET when it exports a loader, POST when it exports an action. */
export interface RouteAccess {
  GET?: HandlerAccess;
  POST?: HandlerAccess;
  /** Where each URL param's value comes from. */
  params?: Record<string, ParamSource>;
}

const UNKNOWN_INTENT = { intent: "no-such-intent" };

/** The access table: one entry per file in app/routes, no more, no fewer. */
export const ROUTE_ACCESS: Record<string, RouteAccess> = {
  "$.tsx": { GET: { access: "public", allowed: 404 }, params: { "*": "unknown" } },
  "_index.tsx": { GET: { access: "public", allowed: 200 } },
  "about.tsx": { GET: { access: "public", allowed: 200 } },
  "academy.tsx": {},
  "admin.subscribers.tsx": { GET: { access: "admin", allowed: 200 } },
  "admin.deliveries.tsx": { GET: { access: "admin", allowed: 200 }, POST: { access: "admin", allowed: 400, form: {} } },
  "admin.incidents.tsx": { GET: { access: "admin", allowed: 200 }, POST: { access: "admin", allowed: 400, form: {} } },
  "admin.messages.tsx": { GET: { access: "admin", allowed: 200 } },
  "admin.signals.tsx": { GET: { access: "admin", allowed: 200 }, POST: { access: "admin", allowed: 400, form: {} } },
  "api.$.ts": {
    GET: { access: "public", allowed: 404 },
    POST: { access: "public", allowed: 404, form: {} },
    params: { "*": "unknown" },
  },
  "api.admin.prices.ts": { GET: { access: "public", allowed: 405 }, POST: { access: "api-admin", allowed: 415, form: {} } },
  "api.admin.signals.$id.cancel.ts": {
    GET: { access: "public", allowed: 405 },
    POST: { access: "api-admin", allowed: 400, form: {} },
    params: { id: "unknown" },
  },
  "api.admin.signals.$id.close.ts": {
    GET: { access: "public", allowed: 405 },
    POST: { access: "api-admin", allowed: 400, form: {} },
    params: { id: "unknown" },
  },
  "api.admin.signals.$id.modify.ts": {
    GET: { access: "public", allowed: 405 },
    POST: { access: "api-admin", allowed: 400, form: {} },
    params: { id: "unknown" },
  },
  "api.admin.signals.$id.partial-close.ts": {
    GET: { access: "public", allowed: 405 },
    POST: { access: "api-admin", allowed: 400, form: {} },
    params: { id: "unknown" },
  },
  "api.admin.signals.$id.trigger.ts": {
    GET: { access: "public", allowed: 405 },
    POST: { access: "api-admin", allowed: 400, form: {} },
    params: { id: "unknown" },
  },
  "api.admin.signals.ts": { GET: { access: "public", allowed: 405 }, POST: { access: "api-admin", allowed: 201, json: "valid-signal" } },
  "api.auth.passkeys.authentication.options.ts": { GET: { access: "public", allowed: 405 }, POST: { access: "public", allowed: 200, form: {} } },
  "api.auth.passkeys.authentication.verify.ts": { GET: { access: "public", allowed: 405 }, POST: { access: "public", allowed: 415, form: {} } },
  "api.auth.passkeys.registration.options.ts": { GET: { access: "public", allowed: 405 }, POST: { access: "api-session", allowed: 200, form: {} } },
  "api.auth.passkeys.registration.verify.ts": { GET: { access: "public", allowed: 405 }, POST: { access: "api-session", allowed: 415, form: {} } },
  "api.auth.user.ts": { GET: { access: "api-user", allowed: 200 }, POST: { access: "public", allowed: 405, form: {} } },
  "api.blog.$slug.ts": {
    GET: { access: "public", allowed: 200 },
    POST: { access: "public", allowed: 405, form: {} },
    params: { slug: "blogSlug" },
  },
  "api.blog._index.ts": { GET: { access: "public", allowed: 200 }, POST: { access: "public", allowed: 405, form: {} } },
  "api.calculators.position-size.ts": {
    GET: { access: "public", allowed: 405 },
    POST: { access: "public", allowed: 200, json: "valid-position-size" },
  },
  "api.calculators.risk-of-ruin.ts": {
    GET: { access: "public", allowed: 405 },
    POST: { access: "public", allowed: 200, json: "valid-risk-of-ruin" },
  },
  "api.callback.ts": { GET: { access: "public", allowed: 302 }, POST: { access: "public", allowed: 405, form: {} } },
  "api.ledger._index.ts": { GET: { access: "public", allowed: 200 }, POST: { access: "public", allowed: 405, form: {} } },
  "api.ledger.checkpoint.ts": { GET: { access: "public", allowed: 200 }, POST: { access: "public", allowed: 405, form: {} } },
  "api.ledger.head.ts": { GET: { access: "public", allowed: 200 }, POST: { access: "public", allowed: 405, form: {} } },
  "api.ledger.proof.consistency.ts": { GET: { access: "public", allowed: 400 }, POST: { access: "public", allowed: 405, form: {} } },
  "api.ledger.proof.inclusion.ts": { GET: { access: "public", allowed: 400 }, POST: { access: "public", allowed: 405, form: {} } },
  "api.ledger.public-key.ts": { GET: { access: "public", allowed: 200 }, POST: { access: "public", allowed: 405, form: {} } },
  "api.login.ts": { GET: { access: "public", allowed: 302 }, POST: { access: "public", allowed: 405, form: {} } },
  "api.logout.ts": { GET: { access: "public", allowed: 302 }, POST: { access: "public", allowed: 302, form: {} } },
  "api.me.ts": { GET: { access: "api-user", allowed: 200 }, POST: { access: "public", allowed: 405, form: {} } },
  "api.me.export.ts": { GET: { access: "api-user", allowed: 200 }, POST: { access: "public", allowed: 405, form: {} } },
  "api.mt5.ack.ts": { GET: { access: "public", allowed: 405 }, POST: { access: "api-user", allowed: 415, form: {} } },
  "api.mt5.queue.ts": { GET: { access: "api-user", allowed: 200 }, POST: { access: "public", allowed: 405, form: {} } },
  "api.openapi[.]json.ts": { GET: { access: "public", allowed: 200 }, POST: { access: "public", allowed: 405, form: {} } },
  "api.signals._index.ts": { GET: { access: "public", allowed: 200 }, POST: { access: "public", allowed: 405, form: {} } },
  "api.signals.stream.ts": { GET: { access: "api-user", allowed: 200 }, POST: { access: "public", allowed: 405, form: {} } },
  "api.status.ts": { GET: { access: "public", allowed: 200 }, POST: { access: "public", allowed: 405, form: {} } },
  "api.signals.$id.events.ts": {
    GET: { access: "public", allowed: 400 },
    POST: { access: "public", allowed: 405, form: {} },
    params: { id: "unknown" },
  },
  "api.signals.strategy.$strategyId.ts": {
    GET: { access: "public", allowed: 200 },
    POST: { access: "public", allowed: 405, form: {} },
    params: { strategyId: "strategyId" },
  },
  "api.strategies.$slug.ts": {
    GET: { access: "public", allowed: 200 },
    POST: { access: "public", allowed: 405, form: {} },
    params: { slug: "strategySlug" },
  },
  "api.strategies.$slug.performance.ts": {
    GET: { access: "public", allowed: 200 },
    POST: { access: "public", allowed: 405, form: {} },
    params: { slug: "strategySlug" },
  },
  "api.strategies.$slug.trades[.]csv.ts": {
    GET: { access: "public", allowed: 200 },
    POST: { access: "public", allowed: 405, form: {} },
    params: { slug: "strategySlug" },
  },
  "api.strategies._index.ts": { GET: { access: "public", allowed: 200 }, POST: { access: "public", allowed: 405, form: {} } },
  "api.user.strategy-access.ts": { GET: { access: "api-user", allowed: 200 }, POST: { access: "public", allowed: 405, form: {} } },
  "api.user.subscription.ts": { GET: { access: "api-user", allowed: 200 }, POST: { access: "public", allowed: 405, form: {} } },
  // Demo billing (no STRIPE_SECRET_KEY) in these tests: 404; with Stripe, the signature decides (tests/integration/stripe-webhook.test.ts).
  "api.stripe.webhook.ts": { GET: { access: "public", allowed: 405 }, POST: { access: "public", allowed: 404, form: {} } },
  "api.telegram.webhook.ts": { GET: { access: "public", allowed: 405 }, POST: { access: "public", allowed: 404, form: {} } },
  "api.webhooks.ts": { GET: { access: "api-user", allowed: 200 }, POST: { access: "api-user", allowed: 415, form: {} } },
  "api.webhooks.$id.ts": {
    GET: { access: "public", allowed: 405 },
    POST: { access: "public", allowed: 405, form: {} },
    params: { id: "unknown" },
  },
  "api.webhooks.$id.deliveries.ts": {
    GET: { access: "api-user", allowed: 404 },
    POST: { access: "public", allowed: 405, form: {} },
    params: { id: "unknown" },
  },
  "contact.tsx": { GET: { access: "public", allowed: 200 }, POST: { access: "public", allowed: 400, form: {} } },
  "dashboard.tsx": { GET: { access: "signed-in", allowed: 200 } },
  "docs.api.tsx": { GET: { access: "public", allowed: 200 } },
  "docs.api_.scalar.$file.ts": { GET: { access: "public", allowed: 404 }, params: { file: "unknown" } },
  "forgot-password.tsx": { GET: { access: "public", allowed: 200 }, POST: { access: "public", allowed: 400, form: {} } },
  "help._index.tsx": { GET: { access: "public", allowed: 200 } },
  "help.$slug.tsx": { GET: { access: "public", allowed: 404 }, POST: { access: "public", allowed: 404, form: { helpful: "yes" } }, params: { slug: "unknown" } },
  "insights.$slug.tsx": { GET: { access: "public", allowed: 200 }, params: { slug: "blogSlug" } },
  "insights._index.tsx": {
    GET: { access: "public", allowed: 200 },
    POST: { access: "public", allowed: 400, form: { intent: "newsletter", email: "not-an-email" } },
  },
  "insights.rss[.]xml.ts": { GET: { access: "public", allowed: 200 } },
  "legal.accept.tsx": { GET: { access: "signed-in", allowed: 302 }, POST: { access: "signed-in", allowed: 302, form: {} } },
  "legal.$slug.tsx": { GET: { access: "public", allowed: 404 }, params: { slug: "unknown" } },
  "login.tsx": { GET: { access: "guest", allowed: 200 }, POST: { access: "public", allowed: 400, form: {} } },
  "logout.tsx": { GET: { access: "session-page", allowed: 200 } },
  "login_.two-factor.tsx": { GET: { access: "public", allowed: 302 }, POST: { access: "public", allowed: 302, form: { code: "123456" } } },
  "performance.tsx": { GET: { access: "public", allowed: 200 } },
  "portal.account._index.tsx": {
    GET: { access: "signed-in", allowed: 200 },
    POST: { access: "signed-in", allowed: 400, form: UNKNOWN_INTENT },
  },
  "portal.account.api.tsx": { GET: { access: "signed-in", allowed: 200 }, POST: { access: "signed-in", allowed: 400, form: UNKNOWN_INTENT } },
  "portal.account.security.tsx": {
    GET: { access: "signed-in", allowed: 200 },
    POST: { access: "signed-in", allowed: 400, form: UNKNOWN_INTENT },
  },
  "portal.account.subscription.tsx": {
    GET: { access: "signed-in", allowed: 200 },
    POST: { access: "signed-in", allowed: 400, form: UNKNOWN_INTENT },
  },
  "portal.account.webhooks.tsx": {
    GET: { access: "signed-in", allowed: 200 },
    POST: { access: "signed-in", allowed: 400, form: UNKNOWN_INTENT },
  },
  "portal.account.notifications.tsx": {
    GET: { access: "signed-in", allowed: 200 },
    POST: { access: "signed-in", allowed: 400, form: UNKNOWN_INTENT },
  },
  "portal.account.privacy.tsx": {
    GET: { access: "signed-in", allowed: 200 },
    POST: { access: "signed-in", allowed: 400, form: UNKNOWN_INTENT },
  },
  "portal.account.tsx": { GET: { access: "signed-in", allowed: 200 } },
  "portal.dashboard.tsx": { GET: { access: "signed-in", allowed: 200 } },
  "portal.education.tsx": { GET: { access: "signed-in", allowed: 200 } },
  "portal.strategies.tsx": { GET: { access: "signed-in", allowed: 200 }, POST: { access: "signed-in", allowed: 400, form: UNKNOWN_INTENT } },
  "pricing.tsx": { GET: { access: "public", allowed: 200 } },
  "reset-password.tsx": { GET: { access: "public", allowed: 200 }, POST: { access: "public", allowed: 400, form: {} } },
  "robots[.]txt.ts": { GET: { access: "public", allowed: 200 } },
  "services.tsx": {},
  "signals[.]rss.ts": { GET: { access: "public", allowed: 200 } },
  "signup.tsx": { GET: { access: "guest", allowed: 200 }, POST: { access: "public", allowed: 400, form: {} } },
  "sitemap[.]xml.ts": { GET: { access: "public", allowed: 200 } },
  "signals.$id.tsx": { GET: { access: "public", allowed: 404 }, params: { id: "unknown" } },
  "status.tsx": { GET: { access: "public", allowed: 200 } },
  "status[.]rss.ts": { GET: { access: "public", allowed: 200 } },
  "strategies.$slug.tsx": { GET: { access: "public", allowed: 200 }, params: { slug: "strategySlug" } },
  "strategies._index.tsx": { GET: { access: "public", allowed: 200 } },
  "theme.tsx": { GET: { access: "public", allowed: 302 }, POST: { access: "public", allowed: 302, form: { theme: "dark" } } },
  "tools.tsx": { GET: { access: "public", allowed: 200 }, POST: { access: "public", allowed: 400, form: {} } },
  "unsubscribe.tsx": { GET: { access: "public", allowed: 200 }, POST: { access: "public", allowed: 400, form: {} } },
  // Confirming a link is public (the token is the proof); `intent=resend` needs a session (tests/integration/signup-verification.test.ts).
  "verify-email.tsx": { GET: { access: "public", allowed: 200 }, POST: { access: "public", allowed: 400, form: {} } },
};
