/**
 * Account creation: local signup and OAuth find-or-create. Both start the
 * signup trial in the same transaction as the user row.
 */
import { and, eq } from "drizzle-orm";
import { oauthAccounts, users, type User } from "../../db/schema";
import { CONSENT_VERSIONS } from "~/content/legal-pages";
import { recordAcceptance } from "~/models/legal-acceptances.server";
import { startTrial } from "~/models/subscriptions.server";
import { createUserSettings } from "~/models/user-settings.server";
import { getUserByEmail, hashPassword, normalizeEmail } from "~/models/users.server";
import { getDb } from "~/platform/db.server";

export class EmailTakenError extends Error {
  constructor() {
    super("An account with this email already exists.");
  }
}

/**
 * Creates a local account with a 7-day Pro trial, recording that the user
 * accepted the current Terms of Use and Privacy Policy (`CONSENT_VERSIONS`):
 * call it only once they have (the sign-up form's `acceptTerms`).
 * @throws EmailTakenError when the email is registered already.
 */
export async function createLocalAccount(input: {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}): Promise<User> {
  const email = normalizeEmail(input.email);
  if (getUserByEmail(email)) throw new EmailTakenError();
  const passwordHash = await hashPassword(input.password);
  const db = getDb();
  try {
    return db.transaction((tx) => {
      const now = new Date();
      const user = tx
        .insert(users)
        .values({ email, firstName: input.firstName, lastName: input.lastName, passwordHash, createdAt: now })
        .returning()
        .get();
      createUserSettings(tx, user.id);
      startTrial(tx, user.id, now);
      recordAcceptance(tx, user.id, CONSENT_VERSIONS, now);
      return user;
    });
  } catch (error) {
    if (error instanceof Error && /UNIQUE constraint failed: users\.email/.test(error.message)) throw new EmailTakenError();
    throw error;
  }
}

export interface OAuthProfile {
  provider: string;
  /** The provider's stable subject id. */
  subject: string;
  /** A verified email address. */
  email: string;
  firstName: string | null;
  lastName: string | null;
}

/**
 * The user linked to this provider account; else the user with the same
 * (verified) email, now linked; else a new user with the signup trial.
 */
export function findOrCreateOAuthUser(profile: OAuthProfile): User {
  const db = getDb();
  return db.transaction((tx) => {
    const linked = tx
      .select({ user: users })
      .from(oauthAccounts)
      .innerJoin(users, eq(users.id, oauthAccounts.userId))
      .where(and(eq(oauthAccounts.provider, profile.provider), eq(oauthAccounts.providerAccountId, profile.subject)))
      .get();
    if (linked) return linked.user;
    const email = normalizeEmail(profile.email);
    const now = new Date();
    let user = tx.select().from(users).where(eq(users.email, email)).get();
    if (!user) {
      // The provider vouched for the address (email_verified), so it counts as verified.
      user = tx
        .insert(users)
        .values({ email, firstName: profile.firstName, lastName: profile.lastName, createdAt: now, emailVerifiedAt: now })
        .returning()
        .get();
      createUserSettings(tx, user.id);
      startTrial(tx, user.id, now);
    } else if (!user.emailVerifiedAt) {
      user = tx.update(users).set({ emailVerifiedAt: now }).where(eq(users.id, user.id)).returning().get()!;
    }
    tx.insert(oauthAccounts).values({ userId: user.id, provider: profile.provider, providerAccountId: profile.subject }).run();
    return user;
  });
}
