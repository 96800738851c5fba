/**
 * With and without JavaScript: a closed signal's stored row edited behind the
 * ledger's back (exit price, close reason and R rewritten, the events
 * untouched) is shown on /signals/{id} as not verified, naming each field,
 * with no ✓ mark beside it, and the record's figures do not move
 * (docs/decisions/0128, 0148). Each project edits its own closed signal and
 * puts the row back afterwards (the server's projection check only runs at
 * start, hourly and after its own writes, none of which touch it meanwhile).
 */
import Database from "better-sqlite3";
import { e2eDatabasePath } from "./support/database";
import { expect, test } from "./support/fixtures";

interface ClosedRow {
  id: number;
  slug: string;
  exitPrice: number;
  closeReason: string;
  resultR: number;
}

/** Runs `work` on the e2e server's database (waiting up to 5 s for its lock). */
function withDatabase<T>(work: (db: Database.Database) => T): T {
  const db = new Database(e2eDatabasePath());
  try {
    db.pragma("busy_timeout = 5000");
    return work(db);
  } finally {
    db.close();
  }
}

test("an edited signal row is shown as not verified, and the figures do not move", async ({ page, javaScriptEnabled }) => {
  const signal = withDatabase((db) =>
    db
      .prepare(
        `SELECT s.id, st.slug, s.exit_price AS exitPrice, s.close_reason AS closeReason, s.result_r AS resultR
         FROM signals s JOIN strategies st ON st.id = s.strategy_id
         WHERE s.status = 'CLOSED' AND s.close_reason = 'SL' ORDER BY s.id LIMIT 1 OFFSET ?`,
      )
      .get(javaScriptEnabled ? 0 : 1),
  ) as ClosedRow;
  expect(signal).toBeDefined();
  const figures = async () => {
    const body = await (await page.request.get(`/api/strategies/${signal.slug}/performance?basis=all`)).json();
    return { trades: body.trades, wins: body.wins, totalNetR: body.totalNetR, pipsBySymbol: body.pipsBySymbol };
  };
  const before = await figures();

  await page.goto(`/signals/${signal.id}`);
  await expect(page.getByTestId("signal-verdict")).toHaveAttribute("data-verified", "true");
  await expect(page.getByTestId("event-verified").first()).toBeVisible();

  withDatabase((db) => db.prepare("UPDATE signals SET exit_price = ?, close_reason = 'TP1', result_r = 1.5 WHERE id = ?").run(signal.exitPrice + 0.5, signal.id));
  try {
    await page.goto(`/signals/${signal.id}`);
    const verdict = page.getByTestId("signal-verdict");
    await expect(verdict).toHaveAttribute("data-verified", "false");
    await expect(verdict).toContainText("Not verified: the stored signal differs from its ledger events.");
    await expect(verdict).toContainText("Close reason: stored TP1, ledger SL");
    await expect(verdict).toContainText("Result (R): stored 1.5");
    await expect(page.getByTestId("event-verified")).toHaveCount(0);
    expect(await figures()).toEqual(before);
  } finally {
    withDatabase((db) => db.prepare("UPDATE signals SET exit_price = ?, close_reason = ?, result_r = ? WHERE id = ?").run(signal.exitPrice, signal.closeReason, signal.resultR, signal.id));
  }
  await page.goto(`/signals/${signal.id}`);
  await expect(page.getByTestId("signal-verdict")).toHaveAttribute("data-verified", "true");
});
