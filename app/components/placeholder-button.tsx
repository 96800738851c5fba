/**
 * The disabled "Not available yet" button of the public marketing pages, for
 * an action the spec does not give (docs/decisions/marketing-placeholders.md).
 */
import { Button } from "~/components/ui/button";
import type { PlaceholderAction } from "~/content/pricing";

const muted = "text-slate-700 dark:text-slate-300";

/** A button the spec gives no action: disabled, described by its visible note. */
export function PlaceholderButton({
  noteId,
  action,
  className = "",
}: {
  /** The note's element id, which the button's aria-describedby names. */
  noteId: string;
  action: PlaceholderAction;
  className?: string;
}) {
  return (
    <div className={`${className} flex flex-wrap items-center gap-3`.trim()}>
      <Button variant="outline" disabled aria-describedby={noteId}>
        {action.label}
      </Button>
      <span id={noteId} className={`text-sm ${muted}`}>
        {action.note}
      </span>
    </div>
  );
}
