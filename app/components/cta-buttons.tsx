/**
 * The buttons of the public marketing pages: calls to action (links), and the
 * disabled "Not available yet" placeholders the spec gives no action
 * (docs/decisions/marketing-placeholders.md).
 */
import { Button, ButtonLink, type ButtonSize, type ButtonVariant } from "~/components/ui/button";
import type { CallToAction, PlaceholderAction } from "~/content/pricing";
import { isDocumentLink } from "~/domain/links";

const muted = "text-slate-700 dark:text-slate-300";

/** A call to action as a button link; links to /api routes load as a full document. */
export function CtaButton({
  action,
  variant,
  size,
  className,
  "aria-describedby": describedBy,
}: {
  action: CallToAction;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  "aria-describedby"?: string;
}) {
  return (
    <ButtonLink
      to={action.to}
      reloadDocument={isDocumentLink(action.to)}
      variant={variant}
      size={size}
      className={className}
      aria-describedby={describedBy}
    >
      {action.label}
    </ButtonLink>
  );
}

/** A row of calls to action: the first is the primary button, the others outlined. */
export function CtaButtons({ actions, size, className }: { actions: readonly CallToAction[]; size?: ButtonSize; className: string }) {
  return (
    <div className={className}>
      {actions.map((action, index) => (
        <CtaButton key={action.to + action.label} action={action} size={size} variant={index === 0 ? "default" : "outline"} />
      ))}
    </div>
  );
}

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
