/**
 * The call to action on a locked signal (issue 13, journey 2): what would
 * unlock it for this viewer (app/domain/unlock.ts decides which one shows).
 */
export const UNLOCK_TEXTS = {
  trial: { label: "Start a free trial", href: "/signup" },
  follow: { label: "Follow this strategy" },
  swap: { label: "Swap a strategy", href: "/portal/strategies?tab=overview#choose-strategies-title" },
  upgrade: { label: "Upgrade", href: "/portal/account/subscription" },
  unavailable: { label: "This strategy is not taking new followers" },
} as const;

/** Toasts after "Follow this strategy" ({name}: the strategy's name). */
export const FOLLOW_TOASTS = {
  followed: { title: "Strategy followed", description: "You now follow {name}: its live signals show their levels." },
  refused: { title: "Could not follow this strategy", variant: "destructive" as const },
} as const;
