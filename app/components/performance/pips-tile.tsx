/**
 * The net pips tile of the live record (docs/decisions/0155): pips are never
 * added across symbols, so a record of one symbol shows its figure labelled
 * with the symbol and a record of several shows a line per symbol; a figure
 * whose commission was converted at an assumed pip value carries an "est."
 * mark saying so (docs/decisions/0156).
 */
import type { MetricTone } from "~/content/performance";
import type { SymbolPips } from "~/domain/track-record";
import type { TrackRecordFigures } from "~/models/read-models/track-record.server";
import { signTone, toneClass } from "./tone";

/** One line of a tile that holds a figure per symbol; `estimate` says why the figure is partly estimated. */
export interface TileLine {
  symbol: string;
  value: string;
  tone: MetricTone;
  estimate?: string;
}

/** Why a symbol's net pips are partly estimated (docs/decisions/0156), or undefined when no trade's pip value was assumed. */
function pipEstimate(symbol: SymbolPips): string | undefined {
  if (symbol.estimatedPipValueTrades === 0) return undefined;
  return `Estimated: the commission of ${symbol.estimatedPipValueTrades} of ${symbol.trades} ${symbol.symbol} trades was converted at an assumed $10 a pip, as no price bar gave the quote currency's USD rate at the exit`;
}

/** The "est." mark after a partly estimated figure, its reason in the title. */
export function EstimateMark({ reason }: { reason: string }) {
  return (
    <abbr title={reason} className="ml-1 text-xs font-normal text-amber-800 no-underline dark:text-amber-300" data-testid="pips-estimated">
      est.
    </abbr>
  );
}

function signedPips(value: number): string {
  return `${value > 0 ? "+" : ""}${value.toFixed(1)}`;
}

/**
 * The net pips tile: pips are never added across symbols (docs/decisions/0155).
 * One symbol: its figure, labelled with the symbol; several: one line each.
 */
export function pipsTile(record: TrackRecordFigures): { id: "net-pips"; label: string; value: string; tone: MetricTone; estimate?: string; lines?: TileLine[] } {
  const [only, ...others] = record.pipsBySymbol;
  if (!only) return { id: "net-pips", label: "Net pips", value: "—", tone: "neutral" };
  if (others.length === 0) {
    return { id: "net-pips", label: `Net pips (${only.symbol})`, value: signedPips(only.netPips), tone: signTone(only.netPips), estimate: pipEstimate(only) };
  }
  const lines = record.pipsBySymbol.map((symbol) => ({ symbol: symbol.symbol, value: signedPips(symbol.netPips), tone: signTone(symbol.netPips), estimate: pipEstimate(symbol) }));
  return { id: "net-pips", label: "Net pips by symbol", value: "", tone: "neutral", lines };
}

/** A figure per symbol inside a tile (the label reads "EURUSD net pips" to a screen reader). */
export function TileLines({ lines }: { lines: ReadonlyArray<TileLine> }) {
  return (
    <dd className="mt-1">
      <dl className="space-y-0.5 text-sm">
        {lines.map((line) => (
          <div key={line.symbol} className="flex justify-between gap-2" data-testid={`live-tile-pips-${line.symbol}`}>
            <dt className="text-slate-700 dark:text-slate-300">
              {line.symbol}
              <span className="sr-only"> net pips</span>
            </dt>
            <dd className={`font-semibold tabular-nums ${toneClass[line.tone]}`}>
              {line.value}
              {line.estimate ? <EstimateMark reason={line.estimate} /> : null}
            </dd>
          </div>
        ))}
      </dl>
    </dd>
  );
}
