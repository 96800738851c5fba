/**
 * Queries run on every request (the session lookup, the viewer's
 * subscription, a strategy by id) are built and compiled once per database
 * connection instead of once per call: drizzle's query building costs more
 * than SQLite's answer for these one-row lookups
 * (docs/decisions/0068-per-request-cost.md).
 */
import type { Db } from "../../db/connection";
import { getDb } from "./db.server";

/**
 * A getter for the query `build` makes (a drizzle `.prepare()`d query),
 * built on first use for the process's connection (`getDb()`) and kept per
 * connection, so a reopened database gets its own.
 * @param build receives the connection, returns the prepared query.
 * @returns a function answering the prepared query of the current connection.
 */
export function preparedQuery<Q>(build: (db: Db) => Q): () => Q {
  const perDb = new WeakMap<Db, Q>();
  return () => {
    const db = getDb();
    let query = perDb.get(db);
    if (query === undefined) {
      query = build(db);
      perDb.set(db, query);
    }
    return query;
  };
}
