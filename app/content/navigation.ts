/** Fixed navigation and footer content (spec section 2). */
import { LEGAL_PATHS } from "./legal-paths";

export interface NavLink {
  label: string;
  to: string;
}

/** Navbar links on public pages. */
export const PUBLIC_NAV: NavLink[] = [
  { label: "Home", to: "/" },
  { label: "Strategies", to: "/strategies" },
  { label: "Services", to: "/services" },
  { label: "Pricing", to: "/pricing" },
  { label: "Performance", to: "/performance" },
  { label: "Academy", to: "/academy" },
  { label: "Tools", to: "/tools" },
  { label: "Insights", to: "/insights" },
  { label: "About", to: "/about" },
];

/** Navbar links when the path starts with /dashboard or /portal. */
export const PORTAL_NAV: NavLink[] = [
  { label: "Dashboard", to: "/portal/dashboard" },
  { label: "My Strategies", to: "/portal/strategies" },
  { label: "Education", to: "/portal/education" },
  { label: "Account", to: "/portal/account" },
];

/** The admin menu's label and links (shown to admins only). */
export const ADMIN_MENU_LABEL = "Admin";
export const ADMIN_NAV: NavLink[] = [
  { label: "Signal desk", to: "/admin/signals" },
  { label: "Messages", to: "/admin/messages" },
  { label: "Deliveries", to: "/admin/deliveries" },
  { label: "Incidents", to: "/admin/incidents" },
];

export const FOOTER_COLUMNS: { title: string; items: NavLink[] }[] = [
  {
    title: "Platform",
    items: [
      { label: "Strategies", to: "/strategies" },
      { label: "Services", to: "/services" },
      { label: "Pricing", to: "/pricing" },
      { label: "Performance", to: "/performance" },
    ],
  },
  {
    title: "Education",
    items: [
      { label: "Academy", to: "/academy" },
      { label: "Tools", to: "/tools" },
      { label: "Insights", to: "/insights" },
    ],
  },
  {
    title: "Support",
    items: [
      { label: "Help Center", to: "/help" },
      { label: "Status Page", to: "/status" },
      { label: "Contact Us", to: "/contact" },
      { label: "API Docs", to: "/docs/api" },
    ],
  },
  {
    title: "Legal",
    items: [
      { label: "Risk Warning", to: LEGAL_PATHS["risk-warning"] },
      { label: "Terms of Use", to: LEGAL_PATHS.terms },
      { label: "Privacy Policy", to: LEGAL_PATHS.privacy },
      { label: "Disclaimers", to: LEGAL_PATHS.disclaimers },
    ],
  },
];

/** Footer risk text (spec section 2). */
export const FOOTER_RISK_TEXT =
  "Risk warning: forex trading involves significant risk of loss and is not suitable for every investor. Past performance is not indicative of future results. Nothing on this website is investment advice.";
