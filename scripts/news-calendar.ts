/**
 * `npm run news`: the economic calendar the news blackout reads
 * (docs/decisions/0054-news-blackout.md), kept by the admin.
 *
 *   npm run news -- list
 *   npm run news -- add --at 2026-12-04T13:30:00Z --currency USD --title "US Non-Farm Payrolls"
 *   npm run news -- remove --id 3
 *
 * Uses the database at DATABASE_PATH (default `data/fx-trader.db`), migrating it first.
 */
import { parseArgs } from "node:util";
import { z } from "zod";
import { migrateDatabase, openDatabase } from "../db/connection";
import { DEFAULT_DATABASE_PATH } from "../db/seed";
import { addNewsEvent, deleteNewsEvent, listNewsEvents } from "../app/models/news-events.server";

const addSchema = z.object({
  at: z
    .string({ required_error: "--at is required (ISO 8601 with a zone, e.g. 2026-12-04T13:30:00Z)" })
    .datetime({ offset: true, message: "--at must be ISO 8601 with a zone, e.g. 2026-12-04T13:30:00Z" }),
  currency: z.string({ required_error: "--currency is required" }).regex(/^[A-Za-z]{3}$/, "--currency must be a 3-letter code such as USD"),
  title: z.string({ required_error: "--title is required" }).trim().min(1, "--title is required").max(200, "--title is too long"),
});

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const db = openDatabase(process.env.DATABASE_PATH || DEFAULT_DATABASE_PATH);
migrateDatabase(db);
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { at: { type: "string" }, currency: { type: "string" }, title: { type: "string" }, id: { type: "string" } },
});
switch (positionals[0]) {
  case "list":
    for (const event of listNewsEvents(new Date(Date.now() - 86_400_000), db)) {
      console.log(`${event.id}\t${event.releasedAt.toISOString()}\t${event.currency}\t${event.title}`);
    }
    break;
  case "add": {
    const parsed = addSchema.safeParse(values);
    if (!parsed.success) fail(parsed.error.issues.map((issue) => issue.message).join("\n"));
    const event = addNewsEvent({ releasedAt: new Date(parsed.data.at), currency: parsed.data.currency, title: parsed.data.title }, db);
    console.log(`Added ${event.id}: ${event.releasedAt.toISOString()} ${event.currency} ${event.title}`);
    break;
  }
  case "remove": {
    const id = Number(values.id);
    if (!Number.isSafeInteger(id) || id <= 0) fail("--id must be the number `list` shows");
    if (!deleteNewsEvent(id, db)) fail(`No calendar entry ${id}`);
    console.log(`Removed ${id}`);
    break;
  }
  default:
    fail("Usage: npm run news -- list | add --at <ISO time> --currency <USD> --title <text> | remove --id <n>");
}
