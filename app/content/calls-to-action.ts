/** The labels of the calls to action app/domain/calls-to-action.ts decides by viewer. */
/** The Subscription tab, where plan changes are confirmed. */
export const SUBSCRIPTION_PAGE = "/portal/account/subscription";

export const CTA_TEXTS = {
  strategy: {
    trial: "Start Free Trial",
    subscribe: "Subscribe to This Strategy",
    manage: "Manage Signals",
    mySignals: "View My Signals",
    keep: "Keep My Subscription",
    follow: "Follow This Strategy",
    swap: "Swap a Strategy",
    comparePlans: "Compare Plans",
    resume: "Resume Subscription",
    choosePlan: "Choose a Plan",
  },
  pricing: {
    trial: "Start Free Trial",
    getStarted: "Get Started",
    contactSales: "Contact Sales",
    contactPath: "/contact",
    admin: "Included for admins",
    current: "Current plan",
    choose: "Choose",
  },
} as const;
