/** Fixed texts of the signed-in dashboard (app/components/dashboard/dashboard-overview.tsx): quick cards, quick links and the notification preferences list. */

/** 24x24 outline icon paths for the quick cards. */
const ICONS = {
  dashboard: "M4 4h7v7H4zM13 4h7v4h-7zM13 10h7v10h-7zM4 13h7v7H4z",
  strategies: "M12 3a9 9 0 1 0 9 9M12 7a5 5 0 1 0 5 5M12 11a1 1 0 1 0 1 1M14 10l6-6M17 4h3v3",
  education: "M2 9l10-5 10 5-10 5zM6 11v5c0 1.5 3 3 6 3s6-1.5 6-3v-5M22 9v6",
  tools: "M6 3h12a1 1 0 0 1 1 1v16a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1zM8 6h8v4H8zM8 14h.01M12 14h.01M16 14h.01M8 17h.01M12 17h.01M16 17h.01",
} as const;

export const QUICK_CARDS = [
  { title: "Dashboard", to: "/dashboard", description: "Live signals, counts and your strategy access.", icon: ICONS.dashboard },
  { title: "My Strategies", to: "/portal/strategies", description: "The strategies you follow and their signals.", icon: ICONS.strategies },
  { title: "Education", to: "/portal/education", description: "Continue your learning tracks and lessons.", icon: ICONS.education },
  { title: "Tools", to: "/tools", description: "Position size and risk of ruin calculators.", icon: ICONS.tools },
] as const;

export const QUICK_LINKS = [
  { label: "Account Settings", to: "/portal/account" },
  { label: "My Strategies", to: "/portal/strategies" },
  { label: "Education", to: "/portal/education" },
] as const;

export const NOTIFICATION_PREFERENCES: readonly { text: string; state: "on" | "setup" | "off"; to?: string }[] = [
  { text: "Email Alerts Enabled", state: "on" },
  { text: "Telegram Setup", state: "setup", to: "/portal/account/notifications" },
  { text: "Web Push Disabled", state: "off" },
];
