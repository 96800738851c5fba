/**
 * Keyset (cursor) conditions for lists ordered newest first by a time column
 * then id (docs/decisions/0059-list-cursor-pagination.md), shared by the
 * signal and post models.
 */
import { and, eq, gt, lt, or, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

/** A row's place in such a list: its time and id. */
export interface KeysetPosition {
  time: Date;
  id: number;
}

/** A page relative to a row: the rows that come `before` it in the list (older) or `after` it (newer). */
export interface KeysetPage extends KeysetPosition {
  direction: "before" | "after";
}

/**
 * The condition selecting the rows on `page`'s side of its row, by (`time`, `id`);
 * undefined without a page. `before`: (time, id) < (page.time, page.id); `after`: >.
 */
export function keysetCondition(time: SQLiteColumn, id: SQLiteColumn, page: KeysetPage | undefined): SQL | undefined {
  if (!page) return undefined;
  return page.direction === "before"
    ? or(lt(time, page.time), and(eq(time, page.time), lt(id, page.id)))
    : or(gt(time, page.time), and(eq(time, page.time), gt(id, page.id)));
}
