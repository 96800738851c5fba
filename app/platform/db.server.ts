import { openDatabase, type Db } from "../../db/connection";
import { getEnv } from "./env.server";

let instance: Db | undefined;

/** The process-wide database connection (opened on first use at `DATABASE_PATH`). */
export function getDb(): Db {
  if (!instance) {
    const env = getEnv();
    instance = openDatabase(env.DATABASE_PATH, { sqlLog: env.BENCH_SQL_LOG });
  }
  return instance;
}
