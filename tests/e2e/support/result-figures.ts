/**
 * Finding result figures in a rendered page and checking each against the
 * record (docs/decisions/0150): a figure is a number written right after a
 * result label (win rate, profit factor, drawdown, return, Sharpe, Sortino,
 * expectancy, net result, pips, closed signals or trades). It comes from the
 * record when some figure of that kind in the records the API gives (all
 * strategies and each one, all time and the page's period) rounds to it at
 * the precision the page printed. Pure: the spec fetches the pages and records.
 */

/** The kinds of result figure, each with the labels that announce it and the record fields it may come from. */
export const RESULT_KINDS = [
  { kind: "winRate", label: /win rate/i, fields: ["winRate"] },
  { kind: "profitFactor", label: /profit factor/i, fields: ["profitFactor"] },
  { kind: "drawdown", label: /drawdown/i, fields: ["maxDrawdownPercent", "maxDrawdownR"] },
  { kind: "return", label: /\breturn\b|\bcagr\b/i, fields: ["totalReturnPct", "cagr"] },
  { kind: "sharpe", label: /sharpe/i, fields: ["sharpe"] },
  { kind: "sortino", label: /sortino/i, fields: ["sortino"] },
  { kind: "expectancy", label: /expectancy/i, fields: ["expectancyR"] },
  { kind: "netResult", label: /net result/i, fields: ["totalNetR"] },
  { kind: "pips", label: /\bpips\b/i, fields: ["pipsBySymbol"] },
  { kind: "trades", label: /closed signals|\btrades\b/i, fields: ["trades"] },
] as const;

export type ResultKind = (typeof RESULT_KINDS)[number]["kind"];

/** A figure found on a page: its kind, the text it was read from, its value and the precision it was printed at. */
export interface FoundFigure {
  kind: ResultKind;
  text: string;
  value: number;
  decimals: number;
}

/** The page's visible text as short runs (one per element boundary), without scripts, styles and tags. */
export function textRuns(html: string): string[] {
  return html
    .replace(/<(script|style|template)[\s\S]*?<\/\1>/gi, " ")
    // A chart's axis labels are scale ticks, not figures.
    .replace(/<span[^>]*data-axis=[^>]*>[^<]*<\/span>/gi, " ")
    .replace(/<[^>]+>/g, "\n")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .split("\n")
    .map((run) => run.replace(/\s+/g, " ").trim())
    .filter((run) => run.length > 0);
}

/** A signed decimal with optional thousands separators, `%` or `R` after it (−, + and the minus sign accepted). */
const NUMBER = /^([+\-−]?)(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?\s*(%|R)?(?=$|[\s/,;)])/;

/** A label run that ends in a preposition continues a sentence whose figure came before it ("43.9% live win rate over …"). */
const LEADS_ON = /\b(over|of|for|in|across|from)$/i;

/**
 * The result figures of a page: for each text run that names a result label
 * (and is a label, not a sentence: at most 40 characters), the number right
 * after the label in the same run; or the number starting the next run
 * (`<dt>Return at 1% risk</dt><dd>-6.1%</dd>`); or, when the label run ends
 * in a preposition, the number of the run before ("43.9% live win rate over …").
 * A table's header and its cells are not paired (the header row holds labels
 * only); chart axis ticks are left out.
 */
export function findResultFigures(html: string): FoundFigure[] {
  const runs = textRuns(html);
  const found: FoundFigure[] = [];
  for (let i = 0; i < runs.length; i++) {
    const run = runs[i]!;
    if (run.length > 40) continue;
    const kind = RESULT_KINDS.find((candidate) => candidate.label.test(run));
    if (!kind) continue;
    const afterLabel = run.slice(run.search(kind.label)).replace(kind.label, "").replace(/^[\s:]+/, "");
    // "Win rate 43.9%" or "Win rate" then "43.9%"; "43.9%" then "live win rate over …" (the figure before a label in a sentence).
    const candidates = NUMBER.test(afterLabel) ? [afterLabel] : LEADS_ON.test(run) ? [runs[i - 1] ?? ""] : [runs[i + 1] ?? ""];
    for (const text of candidates) {
      const match = NUMBER.exec(text);
      if (!match) continue;
      const sign = match[1] === "-" || match[1] === "−" ? -1 : 1;
      const value = sign * Number(`${match[2]!.replace(/,/g, "")}${match[3] ? `.${match[3]}` : ""}`);
      found.push({ kind: kind.kind, text: text === afterLabel ? run : `${run} | ${text}`, value, decimals: match[3]?.length ?? 0 });
      break;
    }
  }
  return found;
}

/** A record as the performance API answers it (the fields RESULT_KINDS names; pips only per symbol, never summed across symbols). */
export type RecordFigures = Partial<Record<Exclude<(typeof RESULT_KINDS)[number]["fields"][number], "pipsBySymbol">, number | null>> & {
  pipsBySymbol?: ReadonlyArray<{ symbol: string; netPips: number }>;
};

/** The values of `field` in `record`: the number, or each symbol's net pips. */
function fieldValues(record: RecordFigures, field: (typeof RESULT_KINDS)[number]["fields"][number]): number[] {
  if (field === "pipsBySymbol") return (record.pipsBySymbol ?? []).map((symbol) => symbol.netPips);
  const value = record[field];
  return typeof value === "number" ? [value] : [];
}

/**
 * Whether `figure` is one of `records`' figures of its kind, printed at its
 * precision: |value − figure| ≤ half a unit of its last decimal (plus 1e-9), in
 * either sign (drawdowns are printed negative or as a depth).
 */
export function comesFromRecord(figure: FoundFigure, records: readonly RecordFigures[]): boolean {
  const fields = RESULT_KINDS.find((kind) => kind.kind === figure.kind)!.fields;
  const tolerance = 0.5 * 10 ** -figure.decimals + 1e-9;
  return records.some((record) =>
    fields.some((field) =>
      fieldValues(record, field).some((value) => Math.abs(value - figure.value) <= tolerance || Math.abs(Math.abs(value) - Math.abs(figure.value)) <= tolerance),
    ),
  );
}
