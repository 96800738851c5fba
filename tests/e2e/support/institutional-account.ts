/**
 * An Institutional subscriber for the browser tests of what only that plan
 * has (webhooks, docs/decisions/0157-plans-as-entitlements.md): a copy of
 * the seeded demo trader (same password, verified address, accepted terms)
 * with an active Institutional subscription, written into the e2e server's
 * database before the server starts.
 */
import Database from "better-sqlite3";

/** The account `addInstitutionalAccount` writes. */
export const INSTITUTIONAL_EMAIL = "institutional@example.com";

/**
 * Copies the demo trader `fromEmail` into a new user INSTITUTIONAL_EMAIL with
 * an active Institutional subscription of one year from now.
 * @param databasePath the seeded e2e database (the server not yet running).
 */
export function addInstitutionalAccount(databasePath: string, fromEmail: string): void {
  const db = new Database(databasePath);
  try {
    db.transaction(() => {
      const from = db.prepare("SELECT id FROM users WHERE email = ?").pluck().get(fromEmail) as number;
      const id = Number(
        db
          .prepare(
            "INSERT INTO users (email, first_name, last_name, role, password_hash, email_verified_at, created_at) SELECT ?, 'Iris', last_name, 'user', password_hash, email_verified_at, created_at FROM users WHERE id = ?",
          )
          .run(INSTITUTIONAL_EMAIL, from).lastInsertRowid,
      );
      db.prepare("INSERT INTO legal_acceptances (user_id, document, version, accepted_at) SELECT ?, document, version, accepted_at FROM legal_acceptances WHERE user_id = ?").run(id, from);
      const now = Date.now();
      db.prepare("INSERT INTO subscriptions (user_id, plan, status, start_date, end_date, created_at) VALUES (?, 'institutional', 'ACTIVE', ?, ?, ?)").run(id, now, now + 365 * 86_400_000, now);
    })();
  } finally {
    db.close();
  }
}
