/** The position size answer on /tools: the size, the one-line explanation, warnings, the figures and the targets. */
import { POSITION_SIZE_COPY } from "~/content/tools";
import { isGold } from "~/domain/instruments";
import { formatMoney } from "~/domain/money";
import type { PositionSizeReport } from "~/domain/position-size";
import { ResultRow } from "./calculator-card";

const integer = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });
const muted = "text-slate-700 dark:text-slate-300";

/** Lots with at least 2 decimals, 3 for a 0.001 step: 0.2 → "0.20". */
function lots(value: number, lotStep: number): string {
  return value.toFixed(lotStep < 0.01 ? 3 : 2);
}

function Warnings({ warnings }: { warnings: readonly string[] }) {
  if (warnings.length === 0) return null;
  return (
    <div className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100">
      <p className="font-semibold">{POSITION_SIZE_COPY.warningsLabel}</p>
      <ul aria-label={POSITION_SIZE_COPY.warningsLabel} className="mt-1 list-disc pl-5" data-testid="size-warnings">
        {warnings.map((warning) => (
          <li key={warning}>{warning}</li>
        ))}
      </ul>
    </div>
  );
}

function Targets({ result, money }: { result: PositionSizeReport; money: (amount: number) => string }) {
  if (result.targets.length === 0) return null;
  return (
    <table className="mt-3 w-full text-sm">
      <caption className={`text-left text-sm ${muted}`}>Targets</caption>
      <thead>
        <tr className={`text-left text-xs ${muted}`}>
          <th scope="col" className="py-1 font-medium">Price</th>
          <th scope="col" className="py-1 font-medium">Share</th>
          <th scope="col" className="py-1 text-right font-medium">Reward</th>
          <th scope="col" className="py-1 text-right font-medium">R:R</th>
        </tr>
      </thead>
      <tbody className="tabular-nums">
        {result.targets.map((target) => (
          <tr key={target.price} className="border-t border-slate-200 dark:border-slate-700">
            <td className="py-1">{target.price}</td>
            <td className="py-1">{target.share}%</td>
            <td className="py-1 text-right">{money(target.reward)}</td>
            <td className="py-1 text-right">{target.rr.toFixed(2)}</td>
          </tr>
        ))}
        <tr className="border-t border-slate-200 font-semibold dark:border-slate-700">
          <th scope="row" colSpan={2} className="py-1 text-left">
            All targets
          </th>
          <td className="py-1 text-right">{money(result.totalReward ?? 0)}</td>
          <td className="py-1 text-right">{(result.totalRr ?? 0).toFixed(2)}</td>
        </tr>
      </tbody>
    </table>
  );
}

/** The result region: the lot size, how it was reached, what to check, and every figure with its unit. */
export function PositionSizeResultPanel({ result }: { result: PositionSizeReport }) {
  const currency = result.accountCurrency;
  const money = (amount: number) => formatMoney(amount, currency);
  const unit = isGold(result.symbol) ? "oz" : "units";
  return (
    <section aria-label="Position size result" className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <p className={`text-sm ${muted}`}>Position size{result.symbol ? ` for ${result.symbol}` : ""}</p>
      <p className="text-3xl font-bold tabular-nums" data-testid="lot-size">
        {lots(result.lotSize, result.lotStep)} lots
      </p>
      <p className="mt-2 text-sm" data-testid="size-explanation">
        {result.explanation}.
      </p>
      <Warnings warnings={result.warnings} />
      <dl className="mt-3 divide-y divide-slate-200 dark:divide-slate-700">
        <ResultRow label={`Risk amount (${currency})`} value={money(result.riskAmount)} />
        <ResultRow label="Stop distance (pips)" value={`${result.stopPips.toFixed(1)} pips`} />
        <ResultRow label={`Pip value per lot (${currency})`} value={money(result.pipValuePerLot)} />
        <ResultRow label={`Position (${unit})`} value={`${integer.format(result.units)} ${unit}`} />
        <ResultRow label={`Actual risk at this size (${currency})`} value={money(result.actualRisk)} />
        {result.riskAtMinLot !== null ? (
          <ResultRow label={`Risk at the minimum lot (${currency})`} value={money(result.riskAtMinLot)} />
        ) : null}
        {result.orders > 1 ? <ResultRow label="Orders needed (maximum lot per order)" value={String(result.orders)} /> : null}
        {result.marginRequired !== null ? (
          <ResultRow label={`Margin required (${currency})`} value={money(result.marginRequired)} />
        ) : null}
        {result.maxLotByMargin !== null ? (
          <ResultRow label="Largest position the balance can margin" value={`${lots(result.maxLotByMargin, result.lotStep)} lots`} />
        ) : null}
      </dl>
      <Targets result={result} money={money} />
    </section>
  );
}
