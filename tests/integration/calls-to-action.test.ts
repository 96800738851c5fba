/**
 * Calls to action by viewer, through the real production server: for every
 * kind of viewer (visitor, trialing, cancelled trial, subscribed with and
 * without the strategy, plan limit reached, paused, cancelled, expired,
 * admin) and every page that decides its buttons by viewer (the strategy
 * page's hero and sidebar, /pricing with and without a chosen strategy),
 * each button is followed with a real request as that viewer: it must not
 * lead back to the page it is on, and must not land on a page that
 * immediately redirects (only the sign-in entry /api/login may redirect, once,
 * to the sign-up page).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../../server/app";
import { rawRequest, startBuiltServer } from "../support/built-server";
import { createUser, insertStrategy, insertStrategyAccess, insertSubscription, signedInCookie } from "../support/fixtures";

const DAY = 24 * 60 * 60 * 1000;
let server: RunningServer;
const viewers: { name: string; cookie: string | null }[] = [];
let slug = "";

/** Every button link (`data-cta="link"`) in `html`, hrefs decoded, with their labels. */
function buttonLinks(html: string): { href: string; label: string }[] {
  return [...html.matchAll(/<a\b([^>]*\bdata-cta="link"[^>]*)>(.*?)<\/a>/g)].map((match) => ({
    href: /\bhref="([^"]*)"/.exec(match[1]!)![1]!.replaceAll("&amp;", "&"),
    label: match[2]!.replace(/<[^>]+>/g, ""),
  }));
}

const get = (path: string, cookie: string | null) =>
  rawRequest(server.port, { path, headers: { Accept: "text/html", ...(cookie ? { Cookie: cookie } : {}) } });

beforeAll(async () => {
  const [target, other, third] = ["cta-target", "cta-other", "cta-third"].map((s, i) => insertStrategy({ slug: s, name: `CTA Strategy ${i}` }));
  slug = target!.slug;
  const member = async (name: string, plan: "starter" | "pro", picks: number[], overrides: Parameters<typeof insertSubscription>[2] = {}) => {
    const user = createUser({ firstName: name });
    insertSubscription(user.id, plan, overrides);
    insertStrategyAccess(user.id, picks);
    viewers.push({ name, cookie: await signedInCookie(user.id) });
  };
  viewers.push({ name: "visitor", cookie: null });
  await member("trialing", "pro", [target!.id, other!.id], { status: "TRIAL", endDate: new Date(Date.now() + 5 * DAY) });
  await member("trial-cancelled", "pro", [target!.id], { status: "TRIAL", cancelAtPeriodEnd: true, endDate: new Date(Date.now() + 5 * DAY) });
  await member("subscribed-with", "pro", [target!.id]);
  await member("subscribed-without", "pro", [other!.id]);
  await member("limit-reached", "starter", [other!.id]);
  await member("paused", "pro", [target!.id], { status: "PAUSED" });
  await member("cancelled", "pro", [target!.id], { status: "CANCELLED", endDate: new Date(Date.now() - DAY) });
  await member("expired", "pro", [third!.id], { status: "EXPIRED", endDate: new Date(Date.now() - DAY) });
  const free = createUser({ firstName: "Free" });
  viewers.push({ name: "free", cookie: await signedInCookie(free.id) });
  const admin = createUser({ firstName: "Admin", role: "admin" });
  viewers.push({ name: "admin", cookie: await signedInCookie(admin.id) });
  server = await startBuiltServer();
}, 180_000);

afterAll(async () => {
  await server?.close();
});

describe("calls to action by viewer × page", () => {
  it("never lead back to their page nor to a page that only redirects", async () => {
    const pages = () => [`/strategies/${slug}`, "/pricing", `/pricing?strategy=${slug}`];
    let followed = 0;
    for (const viewer of viewers) {
      for (const page of pages()) {
        const response = await get(page, viewer.cookie);
        expect(response.status, `${viewer.name} ${page}`).toBe(200);
        const links = buttonLinks(response.body);
        const where = `${viewer.name} on ${page}`;
        if (page.startsWith("/strategies/")) expect(links.length + (response.body.match(/data-cta="(follow|label)"/g)?.length ?? 0), where).toBeGreaterThan(0);
        if (viewer.cookie) expect(links.map((l) => l.label), where).not.toContain("Start Free Trial");
        for (const link of links) {
          const what = `${where}: "${link.label}" → ${link.href}`;
          const target = new URL(link.href, "http://x");
          expect(target.pathname, what).not.toBe(new URL(page, "http://x").pathname);
          let answer = await get(link.href, viewer.cookie);
          if (target.pathname === "/api/login" && !viewer.cookie) {
            expect(answer.status, what).toBe(302);
            const next = answer.headers.location!;
            expect(new URL(next, "http://x").pathname, what).toBe("/signup");
            answer = await get(next, viewer.cookie);
          }
          expect(answer.status, what).toBe(200);
          followed += 1;
        }
      }
    }
    expect(followed).toBeGreaterThan(30);
  }, 120_000);

  it("marks the viewer's plan as Current plan and carries a chosen plan and strategy into sign-up", async () => {
    const visitor = buttonLinks((await get(`/pricing?strategy=${slug}`, null)).body);
    const starter = visitor.find((l) => l.label === "Get Started")!;
    const landing = new URL(new URL(starter.href, "http://x").searchParams.get("returnTo")!, "http://x");
    expect(landing.pathname).toBe("/portal/account/subscription");
    expect(Object.fromEntries(landing.searchParams)).toEqual({ confirm: "change-plan", plan: "starter", strategy: slug });

    const subscribed = viewers.find((v) => v.name === "subscribed-with")!;
    const html = (await get("/pricing", subscribed.cookie)).body;
    expect(html.match(/data-cta="label"[^>]*>Current plan</g)).toHaveLength(1);
    expect(buttonLinks(html).map((l) => l.label)).toEqual(["Choose Starter", "Choose Institutional"]);

    const trialCancelled = viewers.find((v) => v.name === "trial-cancelled")!;
    const hero = (await get(`/strategies/${slug}`, trialCancelled.cookie)).body;
    expect(buttonLinks(hero).map((l) => l.label)).toEqual(expect.arrayContaining(["View My Signals", "Keep My Subscription"]));
    expect(hero).not.toContain(">Upgrade<");
  });
});
