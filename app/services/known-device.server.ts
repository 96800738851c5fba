/**
 * Known devices: after a correct password, the browser gets a signed cookie
 * naming it (a random id) and the accounts it signed in to (keyed hashes of the
 * emails, never the emails). Sign-in attempts from such a browser count
 * against the device instead of the account, so a stranger's failed attempts
 * cannot lock the owner out (docs/decisions/0012-sign-in-lock-out.md).
 */
import { createHmac, randomBytes } from "node:crypto";
import { getKnownDeviceCookie } from "./cookies.server";
import { getEnv } from "~/platform/env.server";

/** Accounts remembered per browser; the oldest is dropped first. */
export const KNOWN_DEVICE_ACCOUNTS = 5;

interface KnownDevice {
  id: string;
  accounts: string[];
}

function accountHash(email: string): string {
  return createHmac("sha256", getEnv().SESSION_SECRET).update(`known-device:${email.trim().toLowerCase()}`).digest("base64url").slice(0, 22);
}

async function readDevice(request: Request): Promise<KnownDevice | null> {
  const value: unknown = await getKnownDeviceCookie().parse(request.headers.get("Cookie"));
  if (typeof value !== "object" || value === null) return null;
  const { id, accounts } = value as Partial<KnownDevice>;
  if (typeof id !== "string" || !Array.isArray(accounts) || !accounts.every((a) => typeof a === "string")) return null;
  return { id, accounts };
}

/**
 * The device id of this browser when its cookie shows an earlier correct
 * password for `email` (compared case-insensitively), else null.
 */
export async function knownDeviceFor(request: Request, email: string): Promise<string | null> {
  const device = await readDevice(request);
  return device && device.accounts.includes(accountHash(email)) ? device.id : null;
}

/**
 * A Set-Cookie value marking this browser as known to `email`, keeping its
 * device id and up to KNOWN_DEVICE_ACCOUNTS accounts (most recent first).
 */
export async function rememberDevice(request: Request, email: string): Promise<string> {
  const device = await readDevice(request);
  const hash = accountHash(email);
  const accounts = [hash, ...(device?.accounts ?? []).filter((a) => a !== hash)].slice(0, KNOWN_DEVICE_ACCOUNTS);
  const id = device?.id ?? randomBytes(16).toString("base64url");
  return getKnownDeviceCookie().serialize({ id, accounts });
}
