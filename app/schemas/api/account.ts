/** What the API tells a caller about their own account: user, subscription, entitlements. */
import type { Entitlements } from "~/models/subscriptions.server";
import { isoDateTime } from "./common";
import { z } from "./zod";

const SUBSCRIPTION_STATUSES = ["ACTIVE", "TRIAL", "PAUSED", "CANCELLED", "EXPIRED"] as const;

/** `GET /api/auth/user`. */
export const apiUserSchema = z
  .object({
    id: z.number().int().openapi({ example: 2 }),
    email: z.string().email().openapi({ example: "trader@example.com" }),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    role: z.enum(["user", "admin"]),
  })
  .strict()
  .openapi({ ref: "User" });

/** A subscription as the API shows it. */
export const apiSubscriptionSchema: z.ZodType<NonNullable<Entitlements["subscription"]>> = z
  .object({
    planName: z.string().openapi({ example: "Pro" }),
    status: z.enum(SUBSCRIPTION_STATUSES).openapi({ example: "TRIAL" }),
    startDate: isoDateTime,
    endDate: isoDateTime,
    cancelAtPeriodEnd: z.boolean(),
    live: z.boolean().openapi({ description: "Whether the subscription gives access today." }),
  })
  .strict()
  .openapi({ ref: "Subscription" });

/** `GET /api/user/subscription`: the subscription, or the Free tier's placeholder. */
export const userSubscriptionSchema = z
  .union([
    apiSubscriptionSchema,
    z
      .object({ planName: z.string().openapi({ example: "Free" }), status: z.literal("FREE"), startDate: z.null(), endDate: z.null() })
      .strict()
      .openapi({ ref: "FreeTier" }),
  ])
  .openapi({ ref: "UserSubscription" });

/** One accepted version of a legal document, or null when none was accepted. */
const acceptanceSchema = z
  .object({
    version: z.string().openapi({ example: "1.0" }),
    acceptedAt: isoDateTime,
  })
  .strict()
  .nullable();

/** `GET /api/me`: subscription (or the Free tier) and the strategies whose live signals are shown in full. */
export const meSchema = z
  .object({
    subscription: z.union([
      apiSubscriptionSchema,
      z.object({ status: z.literal("FREE"), planName: z.string().openapi({ example: "Free" }) }).strict(),
    ]),
    entitlements: z.object({ strategyAccess: z.array(z.number().int()).openapi({ example: [1, 2] }) }).strict(),
    emailVerified: z
      .boolean()
      .openapi({ description: "Whether the account's email address is verified; until it is, the email channel is unavailable.", example: true }),
    legal: z
      .object({ terms: acceptanceSchema, privacy: acceptanceSchema })
      .strict()
      .openapi({ description: "The newest version of the Terms of Use and of the Privacy Policy this user accepted, and when (null: never)" }),
  })
  .strict()
  .openapi({ ref: "Me" });

/** `GET /api/user/strategy-access`: strategy ids. */
export const strategyAccessSchema = z.array(z.number().int()).openapi({ ref: "StrategyAccess", example: [1, 2] });
