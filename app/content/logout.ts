/** The logout confirmation page (GET /api/logout and /logout): only its button, a POST, ends the session. */
export const LOGOUT_COPY = {
  title: "Log Out | FX Trader",
  heading: "Log out?",
  description: "You are signed in as",
  question: "Log out of FX Trader on this device?",
  confirm: "Logout",
  cancel: "Cancel",
} as const;
