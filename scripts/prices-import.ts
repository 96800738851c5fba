/**
 * `npm run prices:import`: loads an M1 CSV export of HistData or Dukascopy
 * and replays its bars against the open signals, as the price feed does
 * (docs/decisions/0170-historical-price-import.md; column layouts in
 * app/domain/price-import.ts). Events the bars cause carry the source and
 * the bar in their payload; the symbol's feed state is recorded.
 *
 *   npm run prices:import -- --source histdata DAT_ASCII_EURUSD_M1_2024.csv
 *   npm run prices:import -- --source dukascopy --symbol EURUSD export.csv
 *
 * Uses the database at DATABASE_PATH (default `data/fx-trader.db`), migrating it first.
 */
import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { parseArgs } from "node:util";
import { migrateDatabase, openDatabase } from "../db/connection";
import { DEFAULT_DATABASE_PATH } from "../db/seed";
import { catalogueInstrument } from "../app/domain/instruments";
import { IMPORT_SOURCES, parsePriceCsv, symbolFromFileName, type ImportSource } from "../app/domain/price-import";
import { recordPoll } from "../app/models/price-feed.server";
import { applyFeedBars } from "../app/models/price-replay.server";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const { positionals, values } = parseArgs({ allowPositionals: true, options: { source: { type: "string" }, symbol: { type: "string" } } });
const usage = "Usage: npm run prices:import -- --source histdata|dukascopy [--symbol EURUSD] FILE";
const source = values.source as ImportSource | undefined;
if (!source || !(IMPORT_SOURCES as readonly string[]).includes(source)) fail(`--source must be histdata or dukascopy\n${usage}`);
const file = positionals[0];
if (!file) fail(usage);
const symbol = (values.symbol ?? symbolFromFileName(basename(file)) ?? "").toUpperCase();
if (!catalogueInstrument(symbol)) fail(`--symbol must be a catalogue symbol such as EURUSD (none found in the file name ${basename(file)})`);

const parsed = parsePriceCsv(source, symbol, readFileSync(file, "utf8"));
if (!parsed.ok) fail(parsed.errors.slice(0, 20).map((error) => `line ${error.line}: ${error.message}`).join("\n"));
const db = openDatabase(process.env.DATABASE_PATH || DEFAULT_DATABASE_PATH);
migrateDatabase(db);
const now = new Date();
const future = parsed.bars.find((bar) => bar.time > now);
if (future) fail(`The file has a bar dated in the future (${future.time.toISOString()})`);
const written = applyFeedBars(parsed.bars, now, db);
recordPoll({ symbol, source, instrument: symbol, bars: parsed.bars, error: null }, now, db);
console.log(`${parsed.bars.length} ${symbol} M1 bars from ${source}: ${written.events} events, ${written.signals.length} signals changed`);
