/**
 * The claims register (docs/decisions/0158-claims-register.md): every public
 * page that makes server-dependent claims — /, /about, /contact, /pricing,
 * /services — rendered from its real loader in each mode (billing demo vs
 * Stripe; Telegram bot off vs on). A registered claim is rendered exactly when
 * its condition holds, and no page ever renders a retired claim.
 */
import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { afterEach, describe, expect, it } from "vitest";
import { CLAIMS, RETIRED_CLAIMS } from "~/content/claims";
import { TELEGRAM_CARD } from "~/content/contact";
import { claimHolds } from "~/domain/claims";
import * as aboutRoute from "~/routes/about";
import * as contactRoute from "~/routes/contact";
import * as indexRoute from "~/routes/_index";
import * as pricingRoute from "~/routes/pricing";
import * as servicesRoute from "~/routes/services";
import { getRequest, routeArgs } from "../support/http";

const BASE = "http://localhost";
const TELEGRAM = { TELEGRAM_BOT_TOKEN: "123456:ABCDEFGHIJKLMNOPQRSTUVWXYZ", TELEGRAM_WEBHOOK_SECRET: "claims-register-secret" };
const MODES = [
  { name: "demo billing, Telegram off", env: {}, caps: { billingMode: "demo", telegramEnabled: false } },
  { name: "Stripe billing, Telegram on", env: { STRIPE_SECRET_KEY: "sk_test_claims", ...TELEGRAM }, caps: { billingMode: "stripe", telegramEnabled: true } },
  { name: "Stripe billing, Telegram off", env: { STRIPE_SECRET_KEY: "sk_test_claims" }, caps: { billingMode: "stripe", telegramEnabled: false } },
] as const;

type Route = { default: ComponentType; loader?: (args: never) => unknown };

/** The page at `path` rendered to text from its loader's data, as the server sends it. */
async function renderPage(route: Route, id: string, path: string): Promise<string> {
  const data = route.loader ? await ((await route.loader(routeArgs(getRequest(`${BASE}${path}`)) as never)) as Response).json() : null;
  const router = createMemoryRouter([{ id, path, Component: route.default, loader: () => data }], { initialEntries: [path], hydrationData: { loaderData: { [id]: data } } });
  const original = console.error;
  console.error = () => {};
  try {
    return renderToString(createElement(RouterProvider, { router })).replace(/<[^>]+>/g, " ").replace(/&#x27;/g, "'").replace(/&amp;/g, "&").replace(/\s+/g, " ");
  } finally {
    console.error = original;
  }
}

const PAGES: [Route, string, string][] = [
  [indexRoute as Route, "routes/_index", "/"],
  [aboutRoute as Route, "routes/about", "/about"],
  [contactRoute as Route, "routes/contact", "/contact"],
  [pricingRoute as Route, "routes/pricing", "/pricing"],
  [servicesRoute as Route, "routes/services", "/services"],
];

const saved = { ...process.env };
afterEach(() => {
  for (const key of ["STRIPE_SECRET_KEY", "TELEGRAM_BOT_TOKEN", "TELEGRAM_WEBHOOK_SECRET"]) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
});

describe.each(MODES)("public pages with $name", ({ env, caps }) => {
  it("render each registered claim only where its condition holds, and no retired claim", async () => {
    for (const key of ["STRIPE_SECRET_KEY", "TELEGRAM_BOT_TOKEN", "TELEGRAM_WEBHOOK_SECRET"]) delete process.env[key];
    Object.assign(process.env, env);
      const capabilities = { ...caps, webPushEnabled: false };
    for (const [route, id, path] of PAGES) {
      const text = await renderPage(route, id, path);
      for (const retired of RETIRED_CLAIMS) expect(text, `${path} renders retired "${retired}"`).not.toContain(retired);
      for (const claim of Object.values(CLAIMS).filter((c) => (c.pages as readonly string[]).includes(path))) {
        expect(text.includes(claim.text), `${path}: "${claim.id}" (${claim.condition})`).toBe(claimHolds(claim.condition, capabilities));
      }
      if (path === "/contact") expect(text.includes(TELEGRAM_CARD.statusOff)).toBe(!caps.telegramEnabled);
    }
  });
});
