/** Ports used by the browser tests (loopback only); E2E_PORT_BASE moves them all, e.g. to run two suites at once. */
const base = Number(process.env.E2E_PORT_BASE ?? 3100);

export const E2E = {
  appPort: base,
  oauthAppPort: base + 1,
  /** The main app's mailbox: what its SMTP server received, as JSON (start-app.ts). */
  mailboxPort: base + 50,
  oauthIssuerPort: base + 99,
} as const;
