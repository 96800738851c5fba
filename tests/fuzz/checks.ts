/**
 * The properties every response must have, whatever was sent:
 * - status below 500;
 * - no stack trace and no absolute file path in the body (unless the request
 *   itself carried that text and the page echoes it back);
 * - a 4xx says what was wrong: an RFC 9457 problem with `title` and `status`
 *   (and for 400 an `errors` entry naming a field, or a `detail`), an HTML
 *   page (a 400 page shows a form or field error), Remix's JSON data, or text.
 */
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SERVED_METHODS } from "../../server/guards";
import type { HarnessResponse } from "../../harness/app-server";
import type { FuzzCase } from "./cases";

/** Text that must never reach a client: where the code and data live on the server (a root as short as "/" would match any page). */
export const FILE_MARKERS = ["/work/", "/home/", "node_modules", "build/index.js", process.cwd(), join(tmpdir(), "fx-trader-harness")].filter(
  (marker) => marker.length >= 5,
);

const STACK_PATTERNS = [
  // a V8 frame with a file position: "at fn (/path/file.js:12:34)" or "at file:///path/file.js:1:2"
  /\bat (?:async )?(?:[^\s()]+ (?:\[as [^\]]+\] )?)?\(?(?:file:\/\/)?(?:\/|[A-Za-z]:\\)[^\s():]+:\d+:\d+\)?/,
  // two frame lines in a row, whatever they name
  /\n\s+at [^\n]+\n\s+at [^\n]+/,
  // an error message that carries a path
  /\b[A-Z]\w*Error: [^\n<"]*?(?:\/[\w.@-]+){2,}/,
];

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text;
  }
}

/** Everything the request carried, raw and URL-decoded, for telling an echo from a leak. */
export function requestText(c: FuzzCase): string {
  const body = c.body === undefined ? "" : Buffer.isBuffer(c.body) ? c.body.toString("latin1") : c.body;
  return [c.path, safeDecode(c.path), ...Object.values(c.headers), body, safeDecode(body)].join("\n");
}

function leaks(body: string, sent: string): string[] {
  const found: string[] = [];
  for (const marker of FILE_MARKERS) {
    if (body.includes(marker) && !sent.includes(marker)) found.push(`the body contains the file path marker ${JSON.stringify(marker)}`);
  }
  for (const pattern of STACK_PATTERNS) {
    const match = pattern.exec(body);
    if (match && !sent.includes(match[0].trim())) found.push(`the body contains a stack trace: ${JSON.stringify(match[0].slice(0, 200))}`);
  }
  return found;
}

function problemFaults(response: HarnessResponse): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(response.body);
  } catch {
    return ["the problem+json body is not JSON"];
  }
  if (typeof parsed !== "object" || parsed === null) return ["the problem+json body is not an object"];
  const p = parsed as { title?: unknown; status?: unknown; detail?: unknown; errors?: unknown };
  const faults: string[] = [];
  if (typeof p.title !== "string" || p.title === "") faults.push("the problem has no title");
  if (p.status !== response.status) faults.push(`the problem's status ${JSON.stringify(p.status)} is not the response status ${response.status}`);
  if (response.status === 400) {
    const named = Array.isArray(p.errors) && p.errors.some((e) => typeof e === "object" && e !== null && typeof (e as { field?: unknown }).field === "string" && (e as { field: string }).field !== "");
    if (!named && (typeof p.detail !== "string" || p.detail.trim() === "")) faults.push("the 400 problem names no field (no errors[].field and no detail)");
  }
  return faults;
}

/** A request line the app never sees: Node or Express refuses it (bad percent-encoding in the path, headers too large). */
function refusedBeforeTheApp(c: FuzzCase, response: HarnessResponse): boolean {
  if (response.status === 431 || response.status === 414) return true;
  try {
    decodeURIComponent(c.path.split("?")[0]!);
    return false;
  } catch {
    return response.status === 400;
  }
}

function clientErrorFaults(c: FuzzCase, response: HarnessResponse): string[] {
  if (c.method === "HEAD") return [];
  const type = String(response.headers["content-type"] ?? "");
  const body = response.body;
  if (/^application\/problem\+json/i.test(type)) return problemFaults(response);
  if (/^application\/json/i.test(type)) {
    try {
      const data: unknown = JSON.parse(body);
      return typeof data === "object" && data !== null ? [] : ["the JSON error body is not an object"];
    } catch {
      return ["the JSON error body is not JSON"];
    }
  }
  if (/^text\/html/i.test(type)) {
    if (!/<\/html>\s*$/i.test(body)) return ["the HTML error page is not a complete document"];
    if (refusedBeforeTheApp(c, response)) return [];
    if (!/<h1[\s>]/i.test(body)) return ["the HTML error page has no heading"];
    if (response.status === 400 && !/role="alert"|aria-invalid="true"/.test(body)) return ["the 400 page shows no form or field error"];
    return [];
  }
  if (/^text\/plain/i.test(type)) return body.trim() === "" ? ["the text error body is empty"] : [];
  if (body === "" && refusedBeforeTheApp(c, response)) return [];
  if (body === "" && c.method !== "GET" && c.method !== "POST") return [];
  return [`a ${response.status} with content type ${JSON.stringify(type)} and ${body.length} characters of body`];
}

/**
 * Checks one response against the properties above.
 * @returns the faults found, empty when the response is acceptable.
 */
/** Methods a browser may send from another site without the cross-site check (they change nothing). */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function responseFaults(c: FuzzCase, response: HarnessResponse): string[] {
  const faults: string[] = [];
  if (response.status >= 500) faults.push(`status ${response.status}`);
  // A cross-site (or opaque-origin) unsafe request is refused before any route runs; only
  // Node's HTTP parser (431, headers too large) and a path that cannot be decoded (400) answer earlier.
  const crossSite = c.origin === "cross" || c.origin === "null";
  // A method the app serves none of (TRACE, CONNECT…) is refused first, with 405, whatever its origin.
  const served = SERVED_METHODS.includes(c.method);
  if (crossSite && served && !SAFE_METHODS.has(c.method.toUpperCase()) && ![403, 400, 431].includes(response.status)) {
    faults.push(`a cross-site ${c.method} was answered ${response.status}, not refused with 403`);
  }
  // A method the app does not serve is refused by the server itself, naming the ones it does
  // (unless Node's parser refused the request line or headers first: 400, 414, 431).
  const parserRefusal = [400, 414, 431].includes(response.status);
  if (!SERVED_METHODS.includes(c.method) && !parserRefusal && (response.status !== 405 || !response.headers.allow)) {
    faults.push(`${c.method} was answered ${response.status}${response.headers.allow ? "" : " without Allow"}, not 405 with Allow`);
  }
  faults.push(...leaks(response.body, requestText(c)));
  if (response.status >= 400 && response.status < 500) faults.push(...clientErrorFaults(c, response));
  return faults;
}
