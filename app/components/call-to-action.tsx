/**
 * Renders one call to action decided by app/domain/calls-to-action.ts: a
 * button link (links to /api load as a full document), a native post that
 * follows a strategy (My Strategies' action, back here with a toast; works
 * without JavaScript), or a plain label such as "Current plan".
 */
import { Form, useLocation } from "@remix-run/react";
import { ButtonLink, Button, type ButtonSize, type ButtonVariant, buttonClass } from "~/components/ui/button";
import type { CallToAction } from "~/domain/calls-to-action";
import { isDocumentLink } from "~/domain/links";

/** `cta` as a button of `variant` and `size`; `className` is added to the button. */
export function CallToActionButton({
  cta,
  variant = "default",
  size = "md",
  className = "",
  describedBy,
}: {
  cta: CallToAction;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  /** Id of the element that names what the button is about (e.g. a plan card's title). */
  describedBy?: string;
}) {
  const location = useLocation();
  if (cta.kind === "link") {
    return (
      <ButtonLink to={cta.href} reloadDocument={isDocumentLink(cta.href)} variant={variant} size={size} className={className} aria-describedby={describedBy} data-cta="link">
        {cta.label}
      </ButtonLink>
    );
  }
  if (cta.kind === "follow") {
    return (
      <Form method="post" action="/portal/strategies" preventScrollReset className={className} data-cta="follow">
        <input type="hidden" name="intent" value="follow-strategy" />
        <input type="hidden" name="strategyId" value={cta.strategyId} />
        <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
        <Button type="submit" variant={variant} size={size} className="w-full">
          {cta.label}
        </Button>
      </Form>
    );
  }
  return (
    <span data-cta="label" className={buttonClass("secondary", size, `pointer-events-none ${className}`)}>
      {cta.label}
    </span>
  );
}
