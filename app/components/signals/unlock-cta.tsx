/**
 * The call to action on a locked signal: what would unlock it for this viewer
 * (app/domain/unlock.ts). "Follow this strategy" is a native post to My
 * Strategies' action, which adds the pick and comes back here with a toast,
 * with or without JavaScript; the others are links.
 */
import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import { unlockAction, type UnlockFacts } from "~/domain/unlock";

const lockIcon = (
  <svg aria-hidden="true" viewBox="0 0 16 16" className="h-3.5 w-3.5 shrink-0 fill-current">
    <path d="M8 1a3.5 3.5 0 0 0-3.5 3.5V7H4a1.5 1.5 0 0 0-1.5 1.5v5A1.5 1.5 0 0 0 4 15h8a1.5 1.5 0 0 0 1.5-1.5v-5A1.5 1.5 0 0 0 12 7h-.5V4.5A3.5 3.5 0 0 0 8 1Zm2 6H6V4.5a2 2 0 1 1 4 0V7Z" />
  </svg>
);

const ctaClass =
  "inline-flex items-center gap-1 text-sm font-medium text-blue-800 underline underline-offset-2 hover:text-blue-900 dark:text-blue-300 dark:hover:text-blue-200";

/** Where the follow action brings the viewer back to: this page, as it is now. */
function useReturnTo(): string {
  const location = useLocation();
  return `${location.pathname}${location.search}`;
}

/** The unlock call to action for a locked signal of strategy `strategyId`, as `facts` make it for this viewer. */
export function UnlockCta({ facts, strategyId }: { facts: UnlockFacts; strategyId: number }) {
  const action = unlockAction(facts, strategyId);
  const returnTo = useReturnTo();
  const navigation = useNavigation();
  if (action.kind === "follow") {
    const following =
      navigation.state !== "idle" &&
      navigation.formData?.get("intent") === "follow-strategy" &&
      navigation.formData.get("strategyId") === String(action.strategyId);
    return (
      <Form method="post" action="/portal/strategies" preventScrollReset className="inline" data-testid="unlock-cta">
        <input type="hidden" name="intent" value="follow-strategy" />
        <input type="hidden" name="strategyId" value={action.strategyId} />
        <input type="hidden" name="returnTo" value={returnTo} />
        <button type="submit" className={`${ctaClass} cursor-pointer`}>
          {lockIcon}
          {following ? "Following…" : action.label}
        </button>
      </Form>
    );
  }
  if (action.kind === "unavailable") {
    return (
      <span data-testid="unlock-cta" className="inline-flex items-center gap-1 text-sm text-slate-700 dark:text-slate-300">
        {lockIcon}
        {action.label}
      </span>
    );
  }
  return (
    <Link to={action.href} className={ctaClass} data-testid="unlock-cta">
      {lockIcon}
      {action.label}
    </Link>
  );
}
