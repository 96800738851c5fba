/**
 * Sign-up without account enumeration (docs/decisions/0117-signup-without-enumeration.md):
 * a new address gets an account and a verification link; an address that has
 * an account already gets an email telling its owner, and the form answers
 * both the same way after the same argon2id work.
 */
import { createLocalAccount, EmailTakenError } from "~/models/accounts.server";
import { issueAccountToken } from "~/models/account-tokens.server";
import { getUserByEmail, hashPassword } from "~/models/users.server";
import { mailSignupExisting, mailVerifyEmail } from "./account-mail.server";

/** What the sign-up form gives. */
export interface SignupInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/**
 * Registers `input`: creates the account (7-day Pro trial, email unverified)
 * and mails a 24-hour verification link; when the address is registered
 * already, hashes the password all the same and mails the owner instead.
 * Mail goes out in the background.
 * @returns nothing the caller could tell the two cases apart by.
 */
export async function registerAccount(input: SignupInput, now: Date): Promise<void> {
  const existing = getUserByEmail(input.email);
  if (existing) {
    await hashPassword(input.password);
    mailSignupExisting(existing.email);
    return;
  }
  try {
    const user = await createLocalAccount(input);
    mailVerifyEmail(user.email, issueAccountToken(user.id, "email-verify", user.email, now));
  } catch (error) {
    if (!(error instanceof EmailTakenError)) throw error;
    // Another sign-up took the address between the lookup and the insert.
    const owner = getUserByEmail(input.email);
    if (owner) mailSignupExisting(owner.email);
  }
}

/** Mails `userId` a new verification link for `email` (replacing the older link). */
export function resendVerification(userId: number, email: string, now: Date): void {
  mailVerifyEmail(email, issueAccountToken(userId, "email-verify", email, now));
}
