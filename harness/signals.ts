/**
 * A valid signal as the admin desk's form and `POST /api/admin/signals` take
 * it, for tests and benchmarks alike (docs/decisions/0141-one-harness.md).
 */

/**
 * The one valid signal of the tests, as the admin form posts it: a LONG EURUSD
 * market entry at 1.08500 with SL 1.08000, TP1 1.09000, TP2 1.09500 (strings),
 * expiring at `expiresAt` (sent as a UTC `datetime-local` value). Tests change
 * only the fields they are about through `overrides`.
 */
export function validSignalForm(strategyId: number, expiresAt: Date, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    strategyId: String(strategyId),
    symbol: "EURUSD",
    side: "LONG",
    entryPrice: "1.08500",
    entryMethod: "market",
    sl: "1.08000",
    tp1: "1.09000",
    tp2: "1.09500",
    rationale: "Breakout retest",
    expiresAt: expiresAt.toISOString().slice(0, 16),
    ...overrides,
  };
}

/** The same signal as `POST /api/admin/signals` takes it: the nested JSON body, numbers as numbers, expiry in ISO 8601. */
export function validSignalApiBody(strategyId: number, expiresAt: Date, overrides: Record<string, unknown> = {}) {
  const form = validSignalForm(strategyId, expiresAt);
  return {
    strategyId,
    symbol: form.symbol,
    side: form.side,
    entryJson: { price: Number(form.entryPrice), method: form.entryMethod },
    sl: Number(form.sl),
    tpJson: { tp1: Number(form.tp1), tp2: Number(form.tp2) },
    rationale: form.rationale,
    expiresAt: expiresAt.toISOString(),
    ...overrides,
  };
}
