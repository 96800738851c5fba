/**
 * Where a webhook may be sent (SSRF and DNS rebinding;
 * docs/decisions/0045-webhook-signing-and-ssrf.md): the URL rules of
 * `webhookUrlProblem`, and every address its host resolves to must be public,
 * checked at registration and again by the lookup each delivery connects with.
 * `WEBHOOK_ALLOW_PRIVATE=1` lifts the address rules and allows http://.
 */
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { promises as dns } from "node:dns";
import type { LookupFunction } from "node:net";
import { isBlockedAddress, webhookUrlProblem } from "~/domain/webhook-address";
import { getEnv } from "~/platform/env.server";

/** The refusal shown when a host resolves to a blocked address. */
export const PRIVATE_ADDRESS_MESSAGE = "Webhook URLs may not point at this server or a private network";

/** Whether private targets and http:// are allowed (WEBHOOK_ALLOW_PRIVATE=1). */
export function allowPrivateTargets(): boolean {
  return getEnv().WEBHOOK_ALLOW_PRIVATE;
}

/**
 * Checks a webhook URL for registration: scheme and form, then DNS — every
 * address the host resolves to must be public.
 * @returns the problem in words, or null when the URL may be registered.
 */
export async function webhookTargetProblem(raw: string, allowPrivate = allowPrivateTargets()): Promise<string | null> {
  const problem = webhookUrlProblem(raw, allowPrivate);
  if (problem || allowPrivate) return problem;
  const host = new URL(raw).hostname.replace(/^\[|\]$/g, "");
  try {
    const addresses = await dns.lookup(host, { all: true, verbatim: true });
    if (addresses.length === 0) return `${host} does not resolve to an address`;
    return addresses.some((a) => isBlockedAddress(a.address)) ? PRIVATE_ADDRESS_MESSAGE : null;
  } catch {
    return `${host} does not resolve to an address`;
  }
}

/**
 * A `lookup` for http(s).request that resolves the host and fails with
 * EWEBHOOKPRIVATE when any address is blocked, so the connection goes only to
 * addresses that were checked (no gap for DNS rebinding between check and connect).
 */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true, verbatim: true }, (error, addresses) => {
    if (error) return callback(error, "", 0);
    const list = addresses as LookupAddress[];
    if (list.length === 0 || list.some((a) => isBlockedAddress(a.address))) {
      const refused = Object.assign(new Error(`${hostname}: ${PRIVATE_ADDRESS_MESSAGE}`), { code: "EWEBHOOKPRIVATE" });
      return callback(refused, "", 0);
    }
    if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
    return callback(null, list[0]!.address, list[0]!.family);
  });
};
