/**
 * The addresses a webhook or push endpoint may not reach (SSRF;
 * docs/decisions/0045-webhook-signing-and-ssrf.md, 0102-embedded-ipv4-addresses.md),
 * judged with ipaddr.js's special-purpose ranges. Pure: no I/O (DNS is
 * resolved by app/services/channels/webhook-address.server.ts). Kept apart
 * from delivery.ts, which the browser bundle imports.
 */
import ipaddr from "ipaddr.js";

/**
 * The IPv4 address an IPv6 address carries, for the forms that reach it
 * (docs/decisions/0102-embedded-ipv4-addresses.md): IPv4-mapped
 * `::ffff:a.b.c.d`, IPv4-compatible `::a.b.c.d`, SIIT `::ffff:0:a.b.c.d`
 * (RFC 6145), NAT64 `64:ff9b::a.b.c.d` (RFC 6052), 6to4 `2002:aabb:ccdd::`
 * (RFC 3056) and Teredo `2001:0:...` (RFC 4380: the server's address and the
 * client's, stored inverted). Empty when it carries none.
 */
function embeddedIpv4(address: ipaddr.IPv6): ipaddr.IPv4[] {
  const parts = address.parts;
  const v4 = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  const range = address.range();
  if (range === "ipv4Mapped" || range === "rfc6145") return [v4(parts[6]!, parts[7]!)];
  if (range === "rfc6052") return parts[2] === 0 ? [v4(parts[6]!, parts[7]!)] : [];
  if (range === "6to4") return [v4(parts[1]!, parts[2]!)];
  if (range === "teredo") return [v4(parts[2]!, parts[3]!), v4(parts[6]! ^ 0xffff, parts[7]! ^ 0xffff)];
  if (parts.slice(0, 6).every((part) => part === 0) && (parts[6] !== 0 || parts[7]! > 1)) return [v4(parts[6]!, parts[7]!)]; // IPv4-compatible (::/96)
  return [];
}

/**
 * Whether `address` (an IPv4 or IPv6 literal, an IPv6 zone allowed) is one a
 * webhook may not reach: anything but a public unicast address by ipaddr.js's
 * special-purpose ranges (loopback, private, unique local, link-local,
 * carrier-grade NAT, unspecified, broadcast, multicast, documentation,
 * benchmarking, reserved). An IPv6 address that embeds an IPv4 address is
 * judged by the IPv4 address (all of them, for Teredo); a NAT64 prefix for
 * local use (64:ff9b:1::/48) is blocked. IPv4 must be four decimal parts:
 * text that is not an IP address in that form counts as blocked.
 */
export function isBlockedAddress(address: string): boolean {
  const text = address.replace(/%.*$/, "");
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) return ipaddr.IPv4.parse(text).range() !== "unicast";
  if (!ipaddr.IPv6.isValid(text)) return true;
  const parsed = ipaddr.IPv6.parse(text);
  const embedded = embeddedIpv4(parsed);
  if (embedded.length > 0) return embedded.some((v4) => v4.range() !== "unicast");
  return parsed.range() !== "unicast";
}

/** Why a webhook URL is refused, as shown to its owner; null when it may be registered (before DNS). */
export function webhookUrlProblem(raw: string, allowPrivate: boolean): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "Enter an absolute URL such as https://example.com/hooks/fx";
  }
  if (url.protocol !== "https:" && !(allowPrivate && url.protocol === "http:")) return "Webhook URLs must use https://";
  if (url.username || url.password) return "Webhook URLs may not contain a user name or password";
  if (allowPrivate) return null;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (host === "localhost" || host.endsWith(".localhost")) return "Webhook URLs may not point at this server or a private network";
  const literal = /^[\d.]+$/.test(host) || host.includes(":");
  if (literal && isBlockedAddress(host)) return "Webhook URLs may not point at this server or a private network";
  return null;
}
