/**
 * A short, human description of the device behind a session's User-Agent
 * ("Chrome 131 on macOS"), for the account's session list. Pure; no I/O.
 */
import { UAParser } from "ua-parser-js";

export const UNKNOWN_DEVICE = "Unknown device";

/**
 * "Browser major on OS" from a User-Agent header, e.g. "Chrome 131 on macOS",
 * "Mobile Safari 17 on iOS", "Firefox 133" (no OS known) or "Windows" (no
 * browser known).
 * @returns "Unknown device" when the header is missing or recognises neither.
 */
export function describeDevice(userAgent: string | null | undefined): string {
  const ua = userAgent?.trim();
  if (!ua) return UNKNOWN_DEVICE;
  const { browser, os } = new UAParser(ua).getResult();
  const browserText = browser.name ? [browser.name, browser.major].filter(Boolean).join(" ") : "";
  const osText = os.name ?? "";
  if (browserText && osText) return `${browserText} on ${osText}`;
  return browserText || osText || UNKNOWN_DEVICE;
}
