/**
 * The label, hypothetical-performance statement (CFTC Rule 4.41(b)(1)) and
 * account of how the history was generated, shown on the same screen as any
 * figure that counts simulated trades (docs/decisions/0146-live-record-by-default.md).
 * The texts come as props (from app/content/track-record.ts via the loader),
 * so a page's bundle does not carry them.
 */
export interface SimulatedNoteText {
  label: string;
  statement: string;
  method: string;
}

export function SimulatedNote({ text, className = "" }: { text: SimulatedNoteText; className?: string }) {
  return (
    <div
      role="note"
      data-testid="simulated-note"
      className={`rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100 ${className}`}
    >
      <p>
        <strong className="font-semibold">{text.label}.</strong> {text.statement}
      </p>
      <p className="mt-2">{text.method}</p>
    </div>
  );
}
