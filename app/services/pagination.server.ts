/**
 * Cursor pagination of the signal and post lists
 * (docs/decisions/0059-list-cursor-pagination.md): `before`/`after` ids beside
 * `limit`, pages newest first by (time, id), the bare JSON array kept, and the
 * cursors in headers: `Link` (`rel="next"`: older, `rel="prev"`: newer) and
 * `X-Next-Cursor` (the `before` of the next, older page).
 */
import { getPost } from "~/models/blog.server";
import type { KeysetPage, KeysetPosition } from "~/models/keyset.server";
import { getSignal } from "~/models/signals.server";
import { problem } from "./http.server";

const CURSOR_PARAMS = ["before", "after"] as const;

function invalidCursor(field: string, message: string): Response {
  return problem(400, `${field}: ${message}`, { errors: [{ field, message }] });
}

/**
 * Reads `?before=` / `?after=` (at most one of them): the id of a list item,
 * placed by `find` (its time and id; undefined when there is no such item).
 * @param noun what the ids name, for messages ("signal", "post").
 * @returns the page asked for, or null for the newest page.
 * @throws Response 400 problem naming `before` or `after` (both when both are given).
 */
export function parseCursor(url: URL, find: (id: number) => KeysetPosition | undefined, noun: string): KeysetPage | null {
  const given = CURSOR_PARAMS.filter((name) => (url.searchParams.get(name) ?? "") !== "");
  if (given.length === 2) {
    const message = "Give before or after, not both";
    throw problem(400, "before and after cannot be combined", { errors: CURSOR_PARAMS.map((field) => ({ field, message })) });
  }
  const direction = given[0];
  if (!direction) return null;
  const raw = url.searchParams.get(direction)!;
  const id = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(id) || id < 1) throw invalidCursor(direction, `Must be the id of a ${noun} (a positive integer)`);
  const position = find(id);
  if (!position) throw invalidCursor(direction, `No ${noun} with id ${id}`);
  return { direction, time: position.time, id: position.id };
}

/** A page of a list, newest first, with the cursors of its neighbours (ids; null when there is none). */
export interface CursorPage<T> {
  items: T[];
  /** The `before` of the next (older) page: the last item's id, when older items exist. */
  nextCursor: number | null;
  /** The `after` of the previous (newer) page: the first item's id, when a cursor was given and newer items exist. */
  prevCursor: number | null;
}

/**
 * One page of `limit` items at `cursor` (null: the newest page).
 * @param fetch reads up to `limit` items on a page's side (newest first); called with `limit + 1` to learn whether more follow, and with 1 to probe the other side.
 * @param position an item's time and id.
 */
export function paginate<T>(
  cursor: KeysetPage | null,
  limit: number,
  fetch: (page: KeysetPage | undefined, limit: number) => T[],
  position: (item: T) => KeysetPosition,
): CursorPage<T> {
  const rows = fetch(cursor ?? undefined, limit + 1);
  const more = rows.length > limit;
  // An `after` page holds the items nearest the cursor: the extra one is the newest.
  const items = cursor?.direction === "after" && more ? rows.slice(1) : rows.slice(0, limit);
  const first = items[0];
  const last = items[items.length - 1];
  const exists = (item: T, direction: KeysetPage["direction"]) => fetch({ direction, ...position(item) }, 1).length > 0;
  const older = cursor?.direction === "after" ? last !== undefined && exists(last, "before") : more;
  const newer = cursor?.direction === "after" ? more : cursor !== null && first !== undefined && exists(first, "after");
  return {
    items,
    nextCursor: older && last !== undefined ? position(last).id : null,
    prevCursor: newer && first !== undefined ? position(first).id : null,
  };
}

/** The request's path and query with `name` set to `value` and the other cursor removed. */
function pageUrl(url: URL, name: (typeof CURSOR_PARAMS)[number], value: number): string {
  const query = new URLSearchParams(url.search);
  for (const param of CURSOR_PARAMS) query.delete(param);
  query.set(name, String(value));
  return `${url.pathname}?${query.toString()}`;
}

/**
 * The headers of `page`: `Link` with `rel="next"` (`?before=nextCursor`) and
 * `rel="prev"` (`?after=prevCursor`) when they exist, and `X-Next-Cursor`.
 */
export function pageHeaders(url: URL, page: CursorPage<unknown>): Record<string, string> {
  const links: string[] = [];
  const headers: Record<string, string> = {};
  if (page.nextCursor !== null) {
    links.push(`<${pageUrl(url, "before", page.nextCursor)}>; rel="next"`);
    headers["X-Next-Cursor"] = String(page.nextCursor);
  }
  if (page.prevCursor !== null) links.push(`<${pageUrl(url, "after", page.prevCursor)}>; rel="prev"`);
  if (links.length > 0) headers.Link = links.join(", ");
  return headers;
}

/** A signal's place in the signal lists (creation time and id); undefined when there is no signal `id`. */
export function signalPosition(id: number): KeysetPosition | undefined {
  const signal = getSignal(id);
  return signal ? { time: signal.createdAt, id: signal.id } : undefined;
}

/** A post's place in the post list (publish time and id); undefined when there is no post `id`. */
export function postPosition(id: number): KeysetPosition | undefined {
  const post = getPost(id);
  return post ? { time: post.publishedAt, id: post.id } : undefined;
}
