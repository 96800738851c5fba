/**
 * "Size this trade": the loaders of the portal dashboard, the trading
 * dashboard, My Strategies (Live Signals) and the strategy page give the viewer's risk template as the
 * percent each signal's link risks (decision record 0035), against this
 * file's temporary SQLite database.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { saveDeliverySettings } from "~/models/user-settings.server";
import * as dashboardRoute from "~/routes/portal.dashboard";
import * as tradingDashboardRoute from "~/routes/dashboard";
import * as strategyRoute from "~/routes/strategies.$slug";
import * as myStrategiesRoute from "~/routes/portal.strategies";
import { createUser, insertSignals, insertStrategy, insertSubscription, signedInCookie } from "../support/fixtures";
import { callRoute, getRequest } from "../support/http";

const BASE = "http://localhost";

/** The JSON a loader answers for `path`, signed in with `cookie` when given. */
async function loaded(handler: Parameters<typeof callRoute>[0], path: string, cookie?: string, params: Record<string, string> = {}) {
  const response = await callRoute(handler, getRequest(`${BASE}${path}`, { cookie }), params);
  expect(response.status).toBe(200);
  return response.json();
}

/** A signed-in Pro subscriber whose saved risk template is `template` (none saved when null). */
async function subscriber(template: "Conservative" | "Balanced" | "Aggressive" | null): Promise<string> {
  const user = createUser({ firstName: "Sizer" });
  insertSubscription(user.id, "pro");
  if (template) {
    saveDeliverySettings(user.id, { emailAlerts: true, telegramAlerts: false, pushAlerts: false, newsBlackout: true, riskTemplate: template });
  }
  return signedInCookie(user.id);
}

beforeAll(() => {
  const strategy = insertStrategy({ slug: "alpha-swing", name: "Alpha Swing", description: "Fixture strategy.", isActive: true });
  insertSignals([{ strategyId: strategy.id }]);
});

describe("the risk each Size this trade link carries", () => {
  it("portal dashboard: the saved template's percent, 1% (Balanced) when none is saved", async () => {
    expect((await loaded(dashboardRoute.loader, "/portal/dashboard", await subscriber(null))).sizeRiskPercent).toBe(1);
    expect((await loaded(dashboardRoute.loader, "/portal/dashboard", await subscriber("Aggressive"))).sizeRiskPercent).toBe(2);
  });

  it("trading dashboard: the saved template's percent", async () => {
    expect((await loaded(tradingDashboardRoute.loader, "/dashboard", await subscriber("Conservative"))).sizeRiskPercent).toBe(0.5);
  });

  it("My Strategies: on the Live Signals tab only", async () => {
    const cookie = await subscriber("Conservative");
    expect((await loaded(myStrategiesRoute.loader, "/portal/strategies?tab=signals", cookie)).sizeRiskPercent).toBe(0.5);
    expect((await loaded(myStrategiesRoute.loader, "/portal/strategies?tab=overview", cookie)).sizeRiskPercent).toBeNull();
  });

  it("strategy page: the signed-in viewer's template, the default for a visitor", async () => {
    const path = "/strategies/alpha-swing?tab=signals";
    const params = { slug: "alpha-swing" };
    expect((await loaded(strategyRoute.loader, path, undefined, params)).sizeRiskPercent).toBe(1);
    expect((await loaded(strategyRoute.loader, path, await subscriber("Aggressive"), params)).sizeRiskPercent).toBe(2);
  });
});
