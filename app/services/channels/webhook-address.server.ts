/**
 * Where a webhook may be sent (SSRF and DNS rebinding;
 * docs/decisions/0045-webhook-signing-and-ssrf.md): the URL rules of
 * `webhookUrlProblem`, and every address its host resolves to must be public,
 * checked at registration and again by the lookup each delivery connects with.
 * `WEBHOOK_ALLOW_PRIVATE=1` lifts the address rules and allows http://.
 */
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import type { LookupFunction } from "node:net";
import { isBlockedAddress, webhookUrlProblem } from "~/domain/webhook-address";
import { getEnv } from "~/platform/env.server";

/** The refusal shown when a host resolves to a blocked address. */
export const PRIVATE_ADDRESS_MESSAGE = "Webhook URLs may not point at this server or a private network";

/** Whether private targets and http:// are allowed (WEBHOOK_ALLOW_PRIVATE=1). */
export function allowPrivateTargets(): boolean {
  return getEnv().WEBHOOK_ALLOW_PRIVATE;
}

/** Resolves a host name to all its addresses (`dns.lookup` with `all: true`), as both checks use it. */
export type HostResolver = (hostname: string, callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;

/** The system's resolver (getaddrinfo, /etc/hosts included), as the connection itself would use. */
export const systemResolver: HostResolver = (hostname, callback) => dnsLookup(hostname, { all: true, verbatim: true }, callback);

/**
 * Checks a webhook URL for registration: scheme and form, then DNS — every
 * address the host resolves to must be public.
 * @param resolve the resolver (default: the system's).
 * @returns the problem in words, or null when the URL may be registered.
 */
export async function webhookTargetProblem(raw: string, allowPrivate = allowPrivateTargets(), resolve: HostResolver = systemResolver): Promise<string | null> {
  const problem = webhookUrlProblem(raw, allowPrivate);
  if (problem || allowPrivate) return problem;
  const host = new URL(raw).hostname.replace(/^\[|\]$/g, "");
  try {
    const addresses = await new Promise<LookupAddress[]>((done, fail) => resolve(host, (error, list) => (error ? fail(error) : done(list))));
    if (addresses.length === 0) return `${host} does not resolve to an address`;
    return addresses.some((a) => isBlockedAddress(a.address)) ? PRIVATE_ADDRESS_MESSAGE : null;
  } catch {
    return `${host} does not resolve to an address`;
  }
}

/**
 * A `lookup` for http(s).request that resolves the host with `resolve` and
 * fails with EWEBHOOKPRIVATE when any address is blocked, so the connection
 * goes only to addresses that were checked (no gap for DNS rebinding between
 * check and connect).
 */
export function createGuardedLookup(resolve: HostResolver): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, (error, list) => {
      if (error) return callback(error, "", 0);
      const family = (options as { family?: number }).family;
      if (family === 4 || family === 6) list = list.filter((a) => a.family === family);
      if (list.length === 0 || list.some((a) => isBlockedAddress(a.address))) {
        const refused = Object.assign(new Error(`${hostname}: ${PRIVATE_ADDRESS_MESSAGE}`), { code: "EWEBHOOKPRIVATE" });
        return callback(refused, "", 0);
      }
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      return callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

/** `createGuardedLookup` over the system's resolver: what every delivery connects with. */
export const guardedLookup: LookupFunction = createGuardedLookup(systemResolver);
