/**
 * Query parameters of the ledger proof routes, checked against the stored
 * tree: each is a decimal integer in range, else a 400 problem naming it.
 */
import { problem } from "~/services/http.server";

/**
 * Reads a positive integer query parameter no greater than `max`.
 * @param fallback used when the parameter is absent (undefined: it is required).
 * @throws a 400 problem naming the parameter.
 */
export function treeParam(url: URL, name: string, max: number, fallback?: number): number {
  const raw = url.searchParams.get(name);
  if ((raw === null || raw === "") && fallback !== undefined) return fallback;
  const value = raw !== null && /^[0-9]{1,16}$/.test(raw) ? Number(raw) : NaN;
  const reason =
    raw === null || raw === ""
      ? "is required"
      : !Number.isSafeInteger(value) || value < 1
        ? "must be an integer of at least 1"
        : value > max
          ? `must be at most ${max}, the tree size`
          : null;
  if (reason) throw problem(400, `${name} ${reason}`, { errors: [{ field: name, message: `${name} ${reason}` }] });
  return value;
}
