/**
 * Rows for the test file's own temporary SQLite database (see
 * tests/setup/vitest.setup.ts): users, signed-in sessions, strategies,
 * signals, subscriptions and strategy picks. Everything is written through
 * the app's real database connection; nothing is faked.
 *
 * Defaults are the plain values most tests do not care about; pass a field
 * whenever a test asserts on it, so the test shows the value it depends on.
 */
import {
  signals,
  strategies,
  strategyAccess,
  subscriptions,
  users,
  type NewSignal,
  type PlanId,
  type Signal,
  type Strategy,
  type User,
} from "../../db/schema";
import { CONSENT_VERSIONS } from "~/content/legal-pages";
import { recordAcceptance } from "~/models/legal-acceptances.server";
import { createSession } from "~/models/sessions.server";
import { publishedEventOf } from "~/models/ledger-backfill.server";
import { appendEvent } from "~/models/signals.server";
import { getSessionCookie } from "~/services/cookies.server";
import { getDb } from "~/platform/db.server";
import type { SignalInput } from "~/schemas/signal";

export { validSignalApiBody, validSignalForm } from "../../harness/signals";

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

// ---------------------------------------------------------------- users and sessions

let userCounter = 0;

/**
 * Inserts a user row directly: no password unless `passwordHash` is given, the
 * email verified unless `emailVerifiedAt: null` is given, no settings row, no
 * trial (use createLocalAccount for the real signup path); the current Terms
 * and Privacy Policy recorded as accepted, as at sign-up.
 * Without `email`, a new one is made from the first name: `sam.3@example.com`.
 */
export function createUser(
  fields: {
    email?: string;
    firstName?: string | null;
    lastName?: string | null;
    role?: "user" | "admin";
    passwordHash?: string;
    createdAt?: Date;
    /** When the address was verified; verified at insert unless `null` is given. */
    emailVerifiedAt?: Date | null;
  } = {},
): User {
  userCounter += 1;
  const email = fields.email ?? `${(fields.firstName ?? "user").toLowerCase()}.${userCounter}@example.com`;
  const user = getDb()
    .insert(users)
    .values({ emailVerifiedAt: new Date(), ...fields, email })
    .returning()
    .get();
  recordAcceptance(getDb(), user.id, CONSENT_VERSIONS, user.createdAt);
  return user;
}

/** The `__session=…` cookie pair (for a Cookie header) that carries `sessionId`, signed. */
export async function sessionCookieFor(sessionId: string): Promise<string> {
  return (await getSessionCookie().serialize(sessionId)).split(";")[0]!;
}

/** Starts a real session (a sessions row) for `userId`; returns its id and the cookie pair that signs it in. */
export async function signedInSession(userId: number, userAgent: string | null = "vitest"): Promise<{ cookie: string; sessionId: string }> {
  const { id } = createSession(userId, userAgent);
  return { cookie: await sessionCookieFor(id), sessionId: id };
}

/** The cookie pair of a new real session for `userId`: pass it as `{ cookie }` to the request helpers. */
export async function signedInCookie(userId: number, userAgent: string | null = "vitest"): Promise<string> {
  return (await signedInSession(userId, userAgent)).cookie;
}

// ---------------------------------------------------------------- strategies and signals

/** Inserts a strategy; `description`, `riskClass` (Balanced), `timeframes` (H4) and `instruments` (EURUSD) have defaults. */
export function insertStrategy(fields: Partial<typeof strategies.$inferInsert> & { slug: string; name: string }): Strategy {
  return getDb()
    .insert(strategies)
    .values({ description: "d", riskClass: "Balanced", timeframes: "H4", instruments: "EURUSD", ...fields })
    .returning()
    .get();
}

/** `minutes` before `now`, as a Date. */
export function minutesAgo(minutes: number, now = Date.now()): Date {
  return new Date(now - minutes * MINUTE);
}

/**
 * Inserts signals in one statement, in the order given (so ids follow it).
 * Each row defaults to an ACTIVE EURUSD LONG at 1.085, stop 1.08, TP1 1.09,
 * created now and expiring a day from now.
 */
export function insertSignals(rows: (Partial<NewSignal> & { strategyId: number })[]): Signal[] {
  const now = Date.now();
  const defaults = {
    symbol: "EURUSD",
    side: "LONG",
    status: "ACTIVE",
    entryPrice: 1.085,
    sl: 1.08,
    tp1: 1.09,
    expiresAt: new Date(now + DAY),
  } as const;
  return getDb()
    .insert(signals)
    .values(rows.map((row) => ({ ...defaults, ...row })))
    .returning()
    .all();
}

/**
 * Appends to the ledger the history that each inserted row stands for, in the
 * order given (recorded now, notifying nobody): `published` from the row's
 * levels at `createdAt`, `triggered` at the row's fill for a limit or stop
 * entry that has one, and for a CLOSED row `closed` at `closedAt` with its
 * exit price and reason (a row without an exit price gets the exit-less close
 * of a signal closed before the ledger, docs/decisions/0027). The track record
 * reads only these events (docs/decisions/0128). Each `published` event is
 * live (`simulated: false`) unless `options.simulated` says otherwise (docs/decisions/0145).
 */
export function recordLedgerHistory(rows: readonly Signal[], options: { simulated?: boolean } = {}): void {
  const now = new Date();
  getDb().transaction(
    (tx) => {
      for (const row of rows) {
        appendEvent(tx, row.id, publishedEventOf(row, options.simulated ?? false), now, false);
        if (row.entryMethod !== "market" && row.fillPrice !== null) {
          appendEvent(tx, row.id, { type: "triggered", occurredAt: row.triggeredAt ?? row.createdAt, payload: { fillPrice: row.fillPrice } }, now, false);
        }
        if (row.status === "CLOSED") {
          const closed = { exitPrice: row.exitPrice, reason: row.exitPrice === null ? null : (row.closeReason ?? "MANUAL") };
          appendEvent(tx, row.id, { type: "closed", occurredAt: row.closedAt ?? row.createdAt, payload: closed }, now, false);
        }
      }
    },
    { behavior: "immediate" },
  );
}

/** One signal; see insertSignals for the defaults. */
export function insertSignal(row: Partial<NewSignal> & { strategyId: number }): Signal {
  return insertSignals([row])[0]!;
}

/**
 * Values for a past signal of the public track record, created `minutesAgo`
 * before `now`: CLOSED an hour after it was created (unless `overrides` make
 * it ACTIVE, which leaves it open), expiring a day after it was created,
 * EURUSD LONG market at 1.085, stop 1.08, TP1 1.0925, TP2 1.1.
 */
export function trackRecordSignal(strategyId: number, minutes: number, overrides: Partial<NewSignal> = {}, now = Date.now()): NewSignal {
  const createdAt = minutesAgo(minutes, now);
  const status = overrides.status ?? "CLOSED";
  return {
    strategyId,
    symbol: "EURUSD",
    side: "LONG",
    status,
    entryPrice: 1.085,
    entryMethod: "market",
    sl: 1.08,
    tp1: 1.0925,
    tp2: 1.1,
    rationale: "Fixture signal",
    createdAt,
    expiresAt: new Date(createdAt.getTime() + DAY),
    closedAt: status === "ACTIVE" ? null : new Date(createdAt.getTime() + HOUR),
    ...overrides,
  };
}

// ---------------------------------------------------------------- subscriptions and picks

/** Inserts `userId`'s subscription: by default ACTIVE, started a day ago, ending in 20 days. */
export function insertSubscription(userId: number, plan: PlanId, overrides: Partial<typeof subscriptions.$inferInsert> = {}): void {
  const now = Date.now();
  getDb()
    .insert(subscriptions)
    .values({ userId, plan, status: "ACTIVE", startDate: new Date(now - DAY), endDate: new Date(now + 20 * DAY), ...overrides })
    .run();
}

/** Records `userId`'s strategy picks, one millisecond apart, so their pick order is the order given. */
export function insertStrategyAccess(userId: number, strategyIds: number[]): void {
  const now = Date.now();
  strategyIds.forEach((strategyId, i) => getDb().insert(strategyAccess).values({ userId, strategyId, createdAt: new Date(now + i) }).run());
}

// ---------------------------------------------------------------- the valid signal

/** The same valid signal as the model takes it (parsed `SignalInput`), for publishing through `publishSignal`. */
export function validSignalInput(strategyId: number, expiresAt: Date, overrides: Partial<SignalInput> = {}): SignalInput {
  return {
    strategyId,
    symbol: "EURUSD",
    side: "LONG",
    entryPrice: 1.085,
    entryMethod: "market",
    sl: 1.08,
    tp1: 1.09,
    tp2: 1.095,
    rationale: "Breakout retest",
    expiresAt,
    ...overrides,
  };
}
