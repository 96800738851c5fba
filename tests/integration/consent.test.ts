/**
 * Recorded consent: sign-up refuses a form without `acceptTerms` and records
 * the accepted versions; a user whose accepted Terms version is older than the
 * current one is sent to the /legal/accept interstitial before the portal, gets
 * a 403 problem from the paid API, still reads /api/me (with the accepted
 * versions), and accepts with one form post.
 */
import { readdirSync } from "node:fs";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { legalAcceptances, users } from "../../db/schema";
import { CONSENT_VERSIONS } from "~/content/legal-pages";
import { compareVersions } from "~/domain/markdown-document";
import { acceptedVersions, recordAcceptance } from "~/models/legal-acceptances.server";
import { getDb } from "~/platform/db.server";
import * as meRoute from "~/routes/api.me";
import * as mt5QueueRoute from "~/routes/api.mt5.queue";
import * as acceptRoute from "~/routes/legal.accept";
import * as dashboardRoute from "~/routes/portal.dashboard";
import * as signupRoute from "~/routes/signup";
import { createUser, signedInCookie } from "../support/fixtures";
import { callRoute, formRequest, getRequest, nextIp, routeArgs } from "../support/http";

const ORIGIN = "http://localhost";

function signup(fields: Record<string, string>) {
  return callRoute(signupRoute.action, formRequest(`${ORIGIN}/signup`, fields, { headers: { "X-Forwarded-For": nextIp() } }));
}

/** A user whose newest acceptance of the Terms is `termsVersion` (the Privacy Policy current). */
function userWhoAccepted(termsVersion: string, name: string) {
  const user = createUser({ firstName: name });
  getDb().delete(legalAcceptances).where(eq(legalAcceptances.userId, user.id)).run();
  recordAcceptance(getDb(), user.id, { terms: termsVersion, privacy: CONSENT_VERSIONS.privacy }, new Date());
  return user;
}

describe("sign-up consent", () => {
  const fields = { firstName: "Cora", lastName: "Consent", email: "cora.consent@example.com", password: "a-long-enough-password" };

  it("refuses a sign-up without acceptTerms with a field error, and creates no account", async () => {
    const response = await signup(fields);
    expect(response.status).toBe(400);
    const reply = ((await response.json()) as { submission: { error?: Record<string, string[]> } }).submission;
    expect(Object.keys(reply.error ?? {})).toEqual(["acceptTerms"]);
    expect(reply.error!.acceptTerms![0]).toMatch(/Accept the Terms of Use and the Privacy Policy/);
    expect(getDb().select().from(users).where(eq(users.email, fields.email)).get()).toBeUndefined();
  });

  it("refuses a value other than on", async () => {
    expect((await signup({ ...fields, acceptTerms: "yes" })).status).toBe(400);
  });

  it("records the current versions and the time when the box is ticked", async () => {
    const before = Date.now();
    const response = await signup({ ...fields, acceptTerms: "on" });
    expect(response.status).toBe(302);
    const user = getDb().select().from(users).where(eq(users.email, fields.email)).get()!;
    const accepted = acceptedVersions(user.id);
    expect(accepted.terms?.version).toBe(CONSENT_VERSIONS.terms);
    expect(accepted.privacy?.version).toBe(CONSENT_VERSIONS.privacy);
    expect(accepted.terms!.acceptedAt.getTime()).toBeGreaterThanOrEqual(before);
  });

  it("the consent versions are the newest file of each document", () => {
    for (const document of ["terms", "privacy"] as const) {
      const newest = readdirSync(`app/content/legal/${document}`)
        .map((file) => file.replace(/\.md$/, ""))
        .sort(compareVersions)
        .at(-1);
      expect(CONSENT_VERSIONS[document]).toBe(newest);
    }
  });
});

describe("a Terms version bump", () => {
  it("sends the user to the interstitial before the portal; accepting returns there", async () => {
    const user = userWhoAccepted("0.9", "Bumpy");
    const cookie = await signedInCookie(user.id);
    const portal = await callRoute(dashboardRoute.loader, getRequest(`${ORIGIN}/portal/dashboard?tab=signals`, { headers: { Cookie: cookie } }));
    expect(portal.status).toBe(302);
    expect(portal.headers.get("Location")).toBe("/legal/accept?returnTo=%2Fportal%2Fdashboard%3Ftab%3Dsignals");

    const page = await callRoute(acceptRoute.loader, getRequest(`${ORIGIN}/legal/accept?returnTo=%2Fportal%2Fdashboard`, { headers: { Cookie: cookie } }));
    expect(page.status).toBe(200);
    const { documents } = (await page.json()) as { documents: { document: string; version: string }[] };
    expect(documents.map((d) => [d.document, d.version])).toEqual([["terms", CONSENT_VERSIONS.terms]]);

    const accepted = await callRoute(
      acceptRoute.action,
      formRequest(`${ORIGIN}/legal/accept`, { returnTo: "/portal/dashboard" }, { headers: { Cookie: cookie } }),
    );
    expect(accepted.status).toBe(302);
    expect(accepted.headers.get("Location")).toBe("/portal/dashboard");
    expect(acceptedVersions(user.id).terms?.version).toBe(CONSENT_VERSIONS.terms);
    const after = await dashboardRoute.loader(routeArgs(getRequest(`${ORIGIN}/portal/dashboard`, { headers: { Cookie: cookie } })) as never);
    expect((after as Response).status).toBe(200);
  });

  it("the paid API answers 403 naming the new version and where to accept; /api/me still answers with the accepted versions", async () => {
    const user = userWhoAccepted("0.9", "Apiary");
    const cookie = await signedInCookie(user.id);
    const refused = (await mt5QueueRoute.loader(routeArgs(getRequest(`${ORIGIN}/api/mt5/queue`, { headers: { Cookie: cookie } })) as never)) as Response;
    expect(refused.status).toBe(403);
    expect(refused.headers.get("Content-Type")).toMatch(/^application\/problem\+json/);
    const body = (await refused.json()) as { detail: string; pendingConsent: unknown; acceptUrl: string };
    expect(body.pendingConsent).toEqual([{ document: "terms", version: CONSENT_VERSIONS.terms }]);
    expect(body.acceptUrl).toBe(`${ORIGIN}/legal/accept`);
    expect(body.detail).toContain(`Terms of Use version ${CONSENT_VERSIONS.terms}`);

    const me = await callRoute(meRoute.loader, getRequest(`${ORIGIN}/api/me`, { headers: { Cookie: cookie } }));
    expect(me.status).toBe(200);
    const legal = ((await me.json()) as { legal: Record<string, { version: string; acceptedAt: string } | null> }).legal;
    expect(legal.terms?.version).toBe("0.9");
    expect(legal.privacy?.version).toBe(CONSENT_VERSIONS.privacy);
  });

  it("a user with no recorded acceptance (e.g. created through single sign-on) is asked too", async () => {
    const user = createUser({ firstName: "Oscar" });
    getDb().delete(legalAcceptances).where(eq(legalAcceptances.userId, user.id)).run();
    const cookie = await signedInCookie(user.id);
    const portal = await callRoute(dashboardRoute.loader, getRequest(`${ORIGIN}/portal/dashboard`, { headers: { Cookie: cookie } }));
    expect(portal.headers.get("Location")).toMatch(/^\/legal\/accept\?/);
  });
});
