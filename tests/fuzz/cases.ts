/**
 * fast-check arbitraries for one HTTP request to the app: a route from
 * app/routes with its params filled, a method, a query string, headers
 * (caller, Origin, content type) and a body, random or hostile: huge strings
 * (bodies stay under 2 MB), unicode, control characters, numbers as strings,
 * NaN/Infinity/-0/1e308, nested objects, arrays, prototype-pollution keys,
 * wrong content types, odd query strings and odd methods.
 */
import fc from "fast-check";
import { routePattern, routeUrl, type RoutePattern } from "../support/route-access";

/** Who sends the request; signed-in kinds get a fresh session per case, so a logout in one case ends no other. */
export const CALLER_KINDS = ["anonymous", "user", "admin", "user-key", "admin-key", "forged-cookie", "unknown-key", "malformed-authorization"] as const;
export type CallerKind = (typeof CALLER_KINDS)[number];

/**
 * Where the Origin header points: the site itself, nowhere (absent), another
 * site, or the opaque "null"; or the site itself (APP_URL) while the Host
 * header names another host (a proxy that rewrites Host) or an untrusted
 * X-Forwarded-Host names another one.
 */
export type OriginKind = "same" | "none" | "cross" | "null" | "same-other-host" | "same-forwarded-host";

/** One generated request. `body` is text or raw bytes. */
export interface FuzzCase {
  route: string;
  method: string;
  /** Path and query string, as sent on the request line. */
  path: string;
  caller: CallerKind;
  origin: OriginKind;
  headers: Record<string, string>;
  body?: string | Buffer;
}

/** Values the seeded database really has, by param name (e.g. `slug: ["alpha-swing", ...]`), so some cases reach real records. */
export type KnownParams = Record<string, string[]>;

const STANDARD_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"];
/**
 * Methods Node's HTTP parser knows but the app never serves (TRACE, which the
 * Fetch API cannot even build, and CONNECT, which Node's server closes), and
 * one it does not know. Lower-case methods cannot be sent with node:http (it
 * upper-cases them); tests/integration/hardening-edges.test.ts sends them raw.
 */
const ODD_METHODS = ["TRACE", "CONNECT", "PROPFIND", "SEARCH", "MKCOL", "PURGE", "LINK", "BREW"];

const SPECIAL_STRINGS = [
  "",
  " ",
  "\u0000",
  "\u0000\u0001\u001f\u007f",
  "\r\n\r\n",
  "\t",
  "\u202e\u2066evil",
  "\ufeff",
  "😀👩‍👩‍👧‍👦",
  "𝕏𝔂𝔷",
  "\ud800",
  "ＡＢＣ",
  "%",
  "%00",
  "%ZZ",
  "%E0%A4%A",
  "../../../../etc/passwd",
  "..%2f..%2fetc%2fpasswd",
  "<script>alert(1)</script>",
  "\"><img src=x onerror=alert(1)>",
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  "${7*7}",
  "{{7*7}}",
  "null",
  "undefined",
  "true",
  "false",
  "NaN",
  "Infinity",
  "-Infinity",
  "-0",
  "0",
  "-1",
  "1e308",
  "1e309",
  "-1e308",
  "5e-324",
  "0x1F",
  "1_000",
  "9007199254740993",
  "1.085",
  "1,085",
  "100",
  "99.999999999999999999",
  "2026-11-24T10:00:00Z",
  "2026-02-30T10:00",
  "9999-12-31T23:59:59Z",
  "a@b.co",
  "ADMIN@EXAMPLE.COM",
  "trader@example.com",
  "x@y",
  "EURUSD",
  "XAUUSD",
  "EUREUR",
  "LONG",
  "short",
  "__proto__",
  "constructor",
  "prototype",
  "/\\evil.example",
  "//evil.example",
  "https://evil.example/",
  "javascript:alert(1)",
  // IPv6 literals that carry a loopback or private IPv4 address (webhook and push URLs)
  "https://[::127.0.0.1]/",
  "https://[::ffff:127.0.0.1]/",
  "https://[::ffff:0:7f00:1]/",
  "https://[2002:7f00:1::]/",
  "https://[64:ff9b::a9fe:a9fe]/",
  "https://[2001:0:4136:e378:8000:63bf:80ff:fffe]/",
  "https://[fe80::1%25eth0]/",
  "https://0x7f000001/",
];

/** Any string: special values, unicode (including lone surrogates), control characters, numbers as strings, long runs. */
export function hostileString(): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(...SPECIAL_STRINGS), weight: 6 },
    { arbitrary: fc.string({ unit: "binary", maxLength: 40 }), weight: 3 },
    { arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }), weight: 2 },
    { arbitrary: fc.string({ unit: "binary-ascii", maxLength: 40 }), weight: 2 },
    { arbitrary: fc.double().map(String), weight: 2 },
    { arbitrary: fc.integer().map(String), weight: 1 },
    { arbitrary: fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String), weight: 1 },
    { arbitrary: fc.tuple(fc.constantFrom("A", "é", "😀", "\u0000", "<"), fc.integer({ min: 1_000, max: 70_000 })).map(([c, n]) => c.repeat(n)), weight: 1 },
  );
}

/** A string safe for a header value (printable ASCII), possibly empty. */
const headerText = fc.string({ unit: fc.constantFrom(...Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i))), maxLength: 80 });

/** A JSON value written as JSON text, with tokens JSON.stringify never writes (NaN, Infinity, -0, 1e999) and prototype-pollution keys. */
export function hostileJsonText(fieldNames: string[]): fc.Arbitrary<string> {
  const key = fc.oneof(
    { arbitrary: fc.constantFrom(...fieldNames), weight: 5 },
    { arbitrary: fc.constantFrom("__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "valueOf"), weight: 2 },
    { arbitrary: hostileString(), weight: 1 },
  );
  const number = fc.oneof(
    fc.constantFrom("NaN", "Infinity", "-Infinity", "-0", "1e308", "1e999", "-1e999", "5e-324", "0.1e1", "00", "1.", "9007199254740993"),
    fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => JSON.stringify(n)),
    fc.integer().map(String),
  );
  const { value } = fc.letrec<{ value: string }>((tie) => ({
    value: fc.oneof(
      { depthSize: "small" },
      { arbitrary: hostileString().map((s) => JSON.stringify(s)), weight: 4 },
      { arbitrary: number, weight: 3 },
      { arbitrary: fc.constantFrom("true", "false", "null"), weight: 1 },
      { arbitrary: fc.array(tie("value"), { maxLength: 5 }).map((items) => `[${items.join(",")}]`), weight: 1 },
      {
        arbitrary: fc.array(fc.tuple(key, tie("value")), { maxLength: 8 }).map((entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(",")}}`),
        weight: 2,
      },
    ),
  }));
  const topLevel = fc.array(fc.tuple(key, value), { maxLength: 12 }).map((entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(",")}}`);
  return fc.oneof(
    { arbitrary: topLevel, weight: 6 },
    { arbitrary: value, weight: 2 },
    { arbitrary: fc.constantFrom("", "{", "{\"a\":", "[1,2", "{'a':1}", "{\"a\":1}}", "\u0000", "{\"__proto__\":{\"isAdmin\":true}}", "{\"constructor\":{\"prototype\":{\"role\":\"admin\"}}}"), weight: 1 },
  );
}

/** Form fields as name/value pairs: the app's own names (some repeated), bracket and prototype names, hostile values. */
function formPairs(fieldNames: string[], fieldValues: string[]): fc.Arbitrary<[string, string][]> {
  const name = fc.oneof(
    { arbitrary: fc.constantFrom(...fieldNames), weight: 8 },
    { arbitrary: fc.constantFrom("__proto__", "constructor", "constructor[prototype][role]", "a[b][c]", "user[role]", "userId", "id", "role"), weight: 1 },
    { arbitrary: hostileString(), weight: 1 },
  );
  const value = fc.oneof({ arbitrary: fc.constantFrom(...fieldValues), weight: 3 }, { arbitrary: hostileString(), weight: 5 });
  return fc.array(fc.tuple(name, value), { maxLength: 14 });
}

const BOUNDARY = "----fuzzBoundary7MA4YWxkTrZu0gW";

/** A multipart/form-data body for `pairs`; `broken` leaves out the closing boundary. */
function multipartBody(pairs: [string, string][], broken: boolean): string {
  const parts = pairs.map(([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name.replace(/["\r\n]/g, "")}"\r\n\r\n${value}\r\n`);
  return parts.join("") + (broken ? "" : `--${BOUNDARY}--\r\n`);
}

const FORM = "application/x-www-form-urlencoded";
const CONTENT_TYPES = [
  FORM,
  `${FORM}; charset=UTF-8`,
  `${FORM}; charset=iso-8859-1`,
  "APPLICATION/X-WWW-FORM-URLENCODED",
  "application/json",
  "application/json; charset=utf-16",
  "application/problem+json",
  "application/vnd.api+json",
  "APPLICATION/JSON",
  "text/plain",
  "text/plain; charset=utf-8",
  "text/html",
  "application/octet-stream",
  "multipart/form-data",
  "multipart/form-data; boundary=",
  `multipart/form-data; boundary=${BOUNDARY}`,
  "multipart/mixed",
  "image/png",
  "application/xml",
  "*/*",
  ";;;",
  "application/x-www-form-urlencoded, application/json",
];

interface Body {
  contentType?: string;
  body?: string | Buffer;
}

/** A body and the content type sent with it: usually the matching one, sometimes a wrong one or none. */
function bodyArbitrary(fieldNames: string[], fieldValues: string[]): fc.Arbitrary<Body> {
  const pairs = formPairs(fieldNames, fieldValues);
  const kinds: fc.Arbitrary<Body> = fc.oneof(
    { arbitrary: fc.constant<Body>({}), weight: 2 },
    { arbitrary: pairs.map((p): Body => ({ contentType: FORM, body: new URLSearchParams(p).toString() })), weight: 8 },
    { arbitrary: fc.constantFrom("%ZZ", "a=%E0%A4%A", "&&&==&", "=", "a", "%", "a=1&a=2&a[]=3&a[x]=4").map((b): Body => ({ contentType: FORM, body: b })), weight: 1 },
    { arbitrary: hostileJsonText(fieldNames).map((b): Body => ({ contentType: "application/json", body: b })), weight: 6 },
    { arbitrary: fc.tuple(pairs, fc.boolean()).map(([p, broken]): Body => ({ contentType: `multipart/form-data; boundary=${BOUNDARY}`, body: multipartBody(p, broken) })), weight: 2 },
    { arbitrary: hostileString().map((b): Body => ({ contentType: "text/plain", body: b })), weight: 1 },
    { arbitrary: fc.uint8Array({ maxLength: 2048 }).map((bytes): Body => ({ contentType: "application/octet-stream", body: Buffer.from(bytes) })), weight: 1 },
    {
      arbitrary: fc
        .tuple(fc.constantFrom("form", "json"), fc.constantFrom(...fieldNames), fc.integer({ min: 70_000, max: 1_900_000 }))
        .map(([kind, name, size]): Body =>
          kind === "form"
            ? { contentType: FORM, body: `${encodeURIComponent(name)}=${"A".repeat(size)}` }
            : { contentType: "application/json", body: JSON.stringify({ [name]: "A".repeat(size) }) },
        ),
      weight: 1,
    },
  );
  return fc
    .tuple(kinds, fc.oneof({ arbitrary: fc.constant("keep"), weight: 6 }, { arbitrary: fc.constant("wrong"), weight: 2 }, { arbitrary: fc.constant("none"), weight: 1 }), fc.constantFrom(...CONTENT_TYPES))
    .map(([body, choice, wrong]) => {
      if (body.body === undefined || choice === "keep") return body;
      return choice === "none" ? { body: body.body } : { contentType: wrong, body: body.body };
    });
}

/** An odd query string: the app's parameters and Remix's own (`_data`, `index`) with hostile values, or malformed text. */
function queryArbitrary(fieldNames: string[]): fc.Arbitrary<string> {
  const key = fc.oneof(
    { arbitrary: fc.constantFrom("limit", "after", "returnTo", "tab", "_data", "index", "category", "page", "q", "screen", "sent", "strategy", "code", "state", "error"), weight: 4 },
    { arbitrary: fc.constantFrom(...fieldNames), weight: 2 },
    { arbitrary: fc.constantFrom("__proto__", "constructor[prototype]", "a[b]"), weight: 1 },
    { arbitrary: hostileString(), weight: 1 },
  );
  const value = fc.oneof(
    { arbitrary: fc.constantFrom("root", "routes/_index", "routes/tools", "routes/dashboard", "routes/nonsense", "1", "0", "-1", "101", "abc", "signals", "methodology"), weight: 2 },
    { arbitrary: hostileString().filter((s) => s.length < 4_000), weight: 3 },
  );
  return fc.oneof(
    { arbitrary: fc.constant(""), weight: 3 },
    { arbitrary: fc.array(fc.tuple(key, value), { minLength: 1, maxLength: 6 }).map((pairs) => `?${new URLSearchParams(pairs).toString()}`), weight: 5 },
    { arbitrary: fc.constantFrom("?", "?&&", "?=", "?%", "?limit=%ZZ", "?a=%E0%A4%A", "?index&index", "?_data", "?limit=1&limit=2", `?q=${"x".repeat(20_000)}`), weight: 1 },
  );
}

/** Whether encodeURIComponent accepts `s` (it throws on lone surrogates). */
function encodable(s: string): boolean {
  try {
    encodeURIComponent(s);
    return true;
  } catch {
    return false;
  }
}

/** A value for one URL param: a real one from the seeded data, or hostile text (URL-encoded, or raw for the splat). */
function paramValue(name: string, known: KnownParams): fc.Arbitrary<string> {
  const real = known[name] ?? [];
  const hostile = hostileString().filter((s) => s.length < 2_000 && encodable(s));
  return real.length ? fc.oneof({ arbitrary: fc.constantFrom(...real), weight: 2 }, { arbitrary: hostile, weight: 1 }) : hostile;
}

function filledPath(pattern: RoutePattern, known: KnownParams, forAction: boolean): fc.Arbitrary<string> {
  if (pattern.params.length === 0) return fc.constant(routeUrl(pattern, {}, forAction));
  return fc
    .tuple(...pattern.params.map((name) => (name === "*" ? fc.constantFrom("no-such-page", "a/b/c", "%2e%2e/%2e%2e", "..;/", "x%00y", "%E0%A4%A") : paramValue(name, known))))
    .map((values) => routeUrl(pattern, Object.fromEntries(pattern.params.map((name, i) => [name, values[i]!])), forAction));
}

/** How a path is spelled: as the route list has it, or as the router also reads it (other letter case, a trailing slash, letters %-escaped). */
type Spelling = "as-is" | "upper" | "mixed" | "trailing-slash" | "escaped";

function spell(path: string, spelling: Spelling): string {
  const [pathname = "/", query] = path.split(/\?(.*)/s, 2);
  const spelled = (() => {
    switch (spelling) {
      case "as-is":
        return pathname;
      case "upper":
        return pathname.toUpperCase();
      case "mixed":
        return pathname.replace(/\/([a-z])/g, (_m, letter: string) => `/${letter.toUpperCase()}`);
      case "trailing-slash":
        return pathname.endsWith("/") ? pathname : `${pathname}/`;
      case "escaped":
        return pathname.replace(/[a-z]/, (letter) => `%${letter.charCodeAt(0).toString(16)}`);
    }
  })();
  return query === undefined ? spelled : `${spelled}?${query}`;
}

const SPELLINGS = fc.oneof(
  { arbitrary: fc.constant<Spelling>("as-is"), weight: 12 },
  { arbitrary: fc.constantFrom<Spelling>("upper", "mixed", "trailing-slash", "escaped"), weight: 2 },
);

/** Short, readable form of a case for failure messages (bodies are cut to 300 characters). */
export function describeCase(c: FuzzCase): string {
  const body = c.body === undefined ? "" : Buffer.isBuffer(c.body) ? `<${c.body.length} bytes>` : c.body;
  const shown = body.length > 300 ? `${JSON.stringify(body.slice(0, 300))}… (${body.length} chars)` : JSON.stringify(body);
  return `${c.method} ${c.path.length > 300 ? `${c.path.slice(0, 300)}…` : c.path} [route ${c.route}, caller ${c.caller}, origin ${c.origin}] headers ${JSON.stringify(c.headers)} body ${shown}`;
}

/**
 * Requests to the given route files.
 * @param routes route file names (app/routes), e.g. from routeFiles().
 * @param options.postWeight how much more often than other methods POST is chosen (default 4).
 */
export function requestArbitrary(
  routes: string[],
  vocabulary: { fieldNames: string[]; fieldValues: string[] },
  known: KnownParams,
  options: { postWeight?: number } = {},
): fc.Arbitrary<FuzzCase> {
  const method = fc.oneof(
    { arbitrary: fc.constant("GET"), weight: 3 },
    { arbitrary: fc.constant("POST"), weight: options.postWeight ?? 4 },
    { arbitrary: fc.constantFrom(...STANDARD_METHODS), weight: 1 },
    { arbitrary: fc.constantFrom(...ODD_METHODS), weight: 1 },
  );
  const origin = fc.oneof(
    { arbitrary: fc.constant<OriginKind>("same"), weight: 6 },
    { arbitrary: fc.constant<OriginKind>("none"), weight: 2 },
    { arbitrary: fc.constant<OriginKind>("cross"), weight: 2 },
    { arbitrary: fc.constant<OriginKind>("null"), weight: 1 },
    { arbitrary: fc.constantFrom<OriginKind>("same-other-host", "same-forwarded-host"), weight: 2 },
  );
  const extraHeaders = fc.record(
    {
      "X-Forwarded-For": fc.oneof(fc.ipV4(), headerText),
      Accept: fc.constantFrom("text/html", "application/json", "*/*", "application/problem+json", "text/plain"),
      "Accept-Language": headerText,
      "User-Agent": headerText,
      Referer: fc.constantFrom("https://evil.example/", "http://127.0.0.1/", "null"),
    },
    { requiredKeys: ["X-Forwarded-For"] },
  );
  return fc
    .record({
      route: fc.constantFrom(...routes),
      method,
      caller: fc.constantFrom(...CALLER_KINDS),
      origin,
      query: queryArbitrary(vocabulary.fieldNames),
      body: bodyArbitrary(vocabulary.fieldNames, vocabulary.fieldValues),
      extra: extraHeaders,
      spelling: SPELLINGS,
    })
    .chain(({ route, method, caller, origin, query, body, extra, spelling }) =>
      filledPath(routePattern(route), known, method !== "GET" && method !== "HEAD").map((unspelled): FuzzCase => {
        const path = spell(unspelled, spelling);
        const hasBody = method !== "GET" && method !== "HEAD";
        const withQuery = query === "" ? path : path.includes("?") ? `${path}&${query.slice(1)}` : `${path}${query}`;
        const headers: Record<string, string> = { ...extra };
        if (hasBody && body.contentType) headers["Content-Type"] = body.contentType;
        const fuzzCase: FuzzCase = { route, method, path: withQuery, caller, origin, headers, body: hasBody ? body.body : undefined };
        return Object.assign(fuzzCase, { [fc.toStringMethod]: () => describeCase(fuzzCase) });
      }),
    );
}
