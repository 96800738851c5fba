import { openDatabase, type Db } from "../../db/connection";
import { getEnv } from "./env.server";

let instance: Db | undefined;

/** The process-wide database connection (opened on first use at `DATABASE_PATH`). */
export function getDb(): Db {
  instance ??= openDatabase(getEnv().DATABASE_PATH);
  return instance;
}
