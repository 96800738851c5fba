/**
 * Privacy rights: the streamed export (every table's rows for the user, nothing
 * of another user's, no secrets), deletion through DELETE /api/me with
 * re-authentication, the 14-day grace and its cancellation, and the purge,
 * checked table by table against db/schema.ts.
 */
import { getTableConfig, type SQLiteTable } from "drizzle-orm/sqlite-core";
import { is } from "drizzle-orm";
import { SQLiteTable as SQLiteTableClass } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { createLocalAccount } from "~/models/accounts.server";
import { ACCOUNT_DATA_POLICY, DELETION_GRACE_DAYS, cancelDeletion, deletionRequestedAt, purgeDeletedAccounts, purgedEmail } from "~/models/account-privacy.server";
import { generateApiKey } from "~/models/api-keys.server";
import { getDb } from "~/platform/db.server";
import * as exportRoute from "~/routes/api.me.export";
import * as meRoute from "~/routes/api.me";
import * as privacyRoute from "~/routes/portal.account.privacy";
import { PRIVACY_COPY, PRIVACY_PATH } from "~/content/account-privacy";
import { signedInSession } from "../support/fixtures";
import { callRoute, formRequest, getRequest, routeArgs } from "../support/http";

/** DELETE /api/me with a JSON body, as the signed-in `cookie`. */
async function deleteMe(cookie: string, body: unknown): Promise<Response> {
  const request = new Request(`${ORIGIN}/api/me`, { method: "DELETE", headers: { Cookie: cookie, "Content-Type": "application/json" }, body: JSON.stringify(body) });
  return (await meRoute.action(routeArgs(request) as never)) as Response;
}

const ORIGIN = "http://localhost";
const DAY = 86_400_000;
const TABLES = (Object.values(schema) as unknown[]).filter((value): value is SQLiteTable => is(value, SQLiteTableClass)).map((table) => getTableConfig(table));

async function account(first: string) {
  const email = `${first.toLowerCase()}.private@example.com`;
  const user = await createLocalAccount({ email, password: "a-long-enough-password", firstName: first, lastName: `${first}son` });
  generateApiKey(user.id);
  getDb().insert(schema.contactMessages).values({ name: `${first} ${first}son`, email, message: `Hello from ${first}` }).run();
  getDb().insert(schema.newsletterSubscribers).values({ email }).run();
  const { cookie } = await signedInSession(user.id);
  return { user, cookie, email };
}

function countFor(table: string, column: string, value: unknown): number {
  return (getDb().$client.prepare(`SELECT count(*) AS n FROM "${table}" WHERE "${column}" = ?`).get(value) as { n: number }).n;
}

describe("the data export", () => {
  it("streams every table's rows for the user, none of another user's, and no secrets", async () => {
    const owner = await account("Petra");
    const other = await account("Quinn");
    const response = (await exportRoute.loader(routeArgs(getRequest(`${ORIGIN}/api/me/export`, { headers: { Cookie: owner.cookie } })) as never)) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="fx-trader-data-/);
    const text = await response.text();
    const data = JSON.parse(text) as { tables: Record<string, Record<string, unknown>[]> };
    for (const [table, policy] of Object.entries(ACCOUNT_DATA_POLICY)) {
      if (policy.kind === "user" || policy.kind === "kept") {
        expect(data.tables[table]?.length, table).toBe(countFor(table, "user_id", owner.user.id));
      }
      if (policy.kind === "email") expect(data.tables[table]?.length, table).toBe(countFor(table, "email", owner.email));
      for (const row of data.tables[table] ?? []) for (const column of policy.omit ?? []) expect(row, `${table}.${column}`).not.toHaveProperty(column);
    }
    expect(data.tables.users).toEqual([expect.objectContaining({ id: owner.user.id, email: owner.email, first_name: "Petra" })]);
    expect(data.tables.api_keys).toHaveLength(1);
    expect(data.tables.legal_acceptances).toHaveLength(2);
    expect(text).not.toContain(other.email);
    expect(text).not.toContain("Quinn");
    expect(text).not.toMatch(/password_hash|key_hash|"secret"|\$argon2/);
  });
});

describe("deletion and purge", () => {
  it("re-authenticates, ends sessions, can be cancelled in the grace, and the purge leaves nothing personal in any table", async () => {
    const victim = await account("Rhea");
    const bystander = await account("Sven");
    const wrong = await deleteMe(victim.cookie, { password: "not-it" });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { errors: { field: string }[] }).errors[0]!.field).toBe("password");

    const accepted = await deleteMe(victim.cookie, { password: "a-long-enough-password" });
    expect(accepted.status).toBe(202);
    const { deletionScheduledFor } = (await accepted.json()) as { deletionScheduledFor: string };
    const requested = deletionRequestedAt(victim.user.id)!;
    expect(new Date(deletionScheduledFor).getTime() - requested.getTime()).toBe(DELETION_GRACE_DAYS * DAY);
    expect(countFor("sessions", "user_id", victim.user.id)).toBe(0);

    // Cancel during the grace, then ask again.
    expect(cancelDeletion(victim.user.id)).toBe(true);
    expect(purgeDeletedAccounts(new Date(requested.getTime() + 30 * DAY)).purged).not.toContain(victim.user.id);
    getDb().$client.prepare("UPDATE users SET deletion_requested_at = ? WHERE id = ?").run(requested.getTime(), victim.user.id);

    expect(purgeDeletedAccounts(new Date(requested.getTime() + DELETION_GRACE_DAYS * DAY - 1)).purged).toEqual([]);
    expect(purgeDeletedAccounts(new Date(requested.getTime() + DELETION_GRACE_DAYS * DAY)).purged).toEqual([victim.user.id]);

    const personal = [victim.email, "Rhea", "Rhason"];
    for (const table of TABLES) {
      const policy = ACCOUNT_DATA_POLICY[table.name];
      expect(policy, `${table.name} is not classified in ACCOUNT_DATA_POLICY`).toBeDefined();
      const columns = table.columns.map((column) => column.name);
      if (columns.includes("user_id") && policy!.kind !== "kept") {
        expect(countFor(table.name, "user_id", victim.user.id), `${table.name} still has rows of the purged user`).toBe(0);
      }
      for (const column of table.columns.filter((c) => c.getSQLType() === "text")) {
        for (const value of personal) {
          const n = (getDb().$client.prepare(`SELECT count(*) AS n FROM "${table.name}" WHERE instr("${column.name}", ?) > 0`).get(value) as { n: number }).n;
          expect(n, `${table.name}.${column.name} still holds "${value}"`).toBe(0);
        }
      }
    }
    expect(countFor("billing_records", "user_id", victim.user.id)).toBeGreaterThan(0);
    expect(countFor("users", "email", purgedEmail(victim.user.id))).toBe(1);
    expect(countFor("users", "email", bystander.email)).toBe(1);
    expect(countFor("api_keys", "user_id", bystander.user.id)).toBe(1);
  });
});

describe("the Account → Privacy page's forms (handleIntent)", () => {
  /** POST /portal/account/privacy with `fields`, as the signed-in `cookie`. */
  async function post(cookie: string, fields: Record<string, string>): Promise<Response> {
    return callRoute(privacyRoute.action, formRequest(`${ORIGIN}/portal/account/privacy`, fields, { cookie, headers: { Origin: ORIGIN } }));
  }
  type Reply = { submission: { error?: Record<string, string[]>; initialValue?: Record<string, unknown> } };

  it("refuses a wrong password on its field without echoing it, schedules deletion with the right one, and cancels it", async () => {
    const { user, cookie } = await account("Page");
    const wrong = await post(cookie, { intent: "delete-account", password: "not-the-password" });
    expect(wrong.status).toBe(400);
    const reply = (await wrong.json()) as Reply;
    expect(reply.submission.error?.password).toEqual([PRIVACY_COPY.wrongPassword]);
    expect(reply.submission.initialValue?.password).toBeUndefined();
    expect(deletionRequestedAt(user.id)).toBeNull();

    const scheduled = await post(cookie, { intent: "delete-account", password: "a-long-enough-password" });
    expect(scheduled.status).toBe(302);
    expect(scheduled.headers.get("Location")).toBe("/");
    expect(deletionRequestedAt(user.id)).not.toBeNull();

    // Scheduling signs every session out; signing in again offers the cancellation.
    const cancelled = await post((await signedInSession(user.id)).cookie, { intent: "cancel-deletion" });
    expect(cancelled.status).toBe(302);
    expect(cancelled.headers.get("Location")).toBe(PRIVACY_PATH);
    expect(deletionRequestedAt(user.id)).toBeNull();
  });

  it("answers an unknown intent with 400 and the 'Unknown action' message, a missing password on its field", async () => {
    const { cookie } = await account("Unknown");
    const unknown = await post(cookie, { intent: "erase-everything" });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as Reply).submission.error?.intent).toEqual([PRIVACY_COPY.unknownAction]);
    const missing = await post(cookie, { intent: "delete-account" });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as Reply).submission.error?.password).toEqual([PRIVACY_COPY.passwordRequired]);
  });
});
