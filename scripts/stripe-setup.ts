/**
 * `npm run stripe:setup`: creates, in the Stripe account of STRIPE_SECRET_KEY
 * (at STRIPE_API_BASE when set), the products and monthly prices of the plans
 * with their lookup keys `starter_monthly`, `pro_monthly`,
 * `institutional_monthly`, at the plans' prices in cents. Idempotent: prices
 * already found by lookup key are left as they are. Prints one line per plan;
 * exits 1 without STRIPE_SECRET_KEY or when Stripe refuses.
 */
import { PLAN_RULES } from "../app/content/plans";
import { PLAN_IDS, type PlanId } from "../db/schema";
import { planPriceCents } from "../app/domain/subscription-lifecycle";
import { PLAN_LOOKUP_KEYS } from "../app/domain/stripe-billing";
import { setupClient, setupPlanPrices } from "../app/services/stripe.server";

const key = process.env.STRIPE_SECRET_KEY;
if (!key) {
  console.error("STRIPE_SECRET_KEY is not set: nothing to set up (billing runs in demo mode).");
  process.exit(1);
}
const plans = Object.fromEntries(PLAN_IDS.map((plan) => [plan, { name: PLAN_RULES[plan].name, priceCents: planPriceCents(plan) }])) as Record<PlanId, { name: string; priceCents: number }>;
try {
  const outcome = await setupPlanPrices(setupClient(key, process.env.STRIPE_API_BASE || undefined), plans);
  for (const plan of PLAN_IDS) console.log(`${PLAN_LOOKUP_KEYS[plan]}: ${outcome[plan]} (${plans[plan].priceCents} cents a month)`);
} catch (error) {
  console.error(`Stripe refused the setup: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
