/**
 * Site-wide behaviour: not-found pages, case-insensitive routes, strategy
 * tabs, the theme toggle, the mobile menu and the security headers.
 */
import { collectPageErrors, expect, hydrated, navbar, test, waitForHydration } from "./support/fixtures";

test.describe("routing", () => {
  test("an unknown path is a 404 inside the normal layout", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
    await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();
    await expect(navbar(page)).toBeVisible();
    await expect(navbar(page).getByRole("link", { name: "Strategies" })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expect(page).toHaveTitle(/Page Not Found/);
  });

  test("paths match case-insensitively: /STRATEGIES", async ({ page }) => {
    const response = await page.goto("/STRATEGIES");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { name: "Strategies & Playbooks", level: 1 })).toBeVisible();
  });

  test("an unknown strategy slug is a 404 'Strategy Not Found'", async ({ page }) => {
    const response = await page.goto("/strategies/no-such-slug");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Strategy Not Found" })).toBeVisible();
    await expect(page.getByText("The strategy you're looking for doesn't exist or has been removed.")).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: /strategies/i }).first()).toHaveAttribute(
      "href",
      "/strategies",
    );
  });

  test("strategy tabs are links that work with and without JavaScript", async ({ page }) => {
    const response = await page.goto("/strategies/alpha-swing?tab=signals");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { name: "Alpha Swing", level: 1 })).toBeVisible();
    const tabs = page.getByRole("tablist", { name: "Strategy details" });
    await expect(tabs.getByRole("tab", { name: "Signals" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("heading", { name: "Recent Signals" })).toBeVisible();
    // The seed has Alpha Swing signals; the empty text is the only alternative.
    await expect(page.getByTestId("signal-row").first().or(page.getByText("No recent signals for this strategy"))).toBeVisible();
    expect(await page.getByTestId("signal-row").count()).toBeGreaterThan(0);

    await tabs.getByRole("tab", { name: "Playbook" }).click();
    await expect(page).toHaveURL(/\/strategies\/alpha-swing\?tab=playbook$/);
    await expect(page.getByRole("heading", { name: "Strategy Playbook" })).toBeVisible();
    await expect(tabs.getByRole("tab", { name: "Playbook" })).toHaveAttribute("aria-selected", "true");

    await tabs.getByRole("tab", { name: "Overview" }).click();
    await expect(page).toHaveURL(/\/strategies\/alpha-swing\?tab=overview$/);
    await expect(page.getByRole("heading", { name: "Strategy Overview" })).toBeVisible();

    await tabs.getByRole("tab", { name: "Signals" }).click();
    await expect(page).toHaveURL(/\/strategies\/alpha-swing\?tab=signals$/);
    await expect(page.getByTestId("signal-row").first()).toBeVisible();
  });
});

test.describe("theme toggle", () => {
  test("switches to dark, survives a reload, and switches back", async ({ page, javaScriptEnabled }) => {
    await page.goto("/tools");
    const html = page.locator("html");
    await expect(html).not.toHaveClass(/\bdark\b/);
    if (javaScriptEnabled) await waitForHydration(page, "[data-testid=theme-toggle]");

    const toggle = page.getByTestId("theme-toggle");
    await expect(toggle).toHaveAccessibleName("Switch to dark theme");
    const saved = page.waitForResponse((r) => new URL(r.url()).pathname === "/theme" && r.request().method() === "POST");
    await toggle.click();
    await saved;
    await expect(html).toHaveClass(/\bdark\b/);
    await expect(toggle).toHaveAccessibleName("Switch to light theme");
    // It returns to the page it was used on.
    await expect(page).toHaveURL(/\/tools$/);
    if (javaScriptEnabled) {
      expect(await page.evaluate(() => localStorage.getItem("fx-trader-theme"))).toBe("dark");
    }
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === "fx-trader-theme")).toBeDefined();

    await page.reload();
    await expect(html).toHaveClass(/\bdark\b/);
    await expect(toggle).toHaveAccessibleName("Switch to light theme");

    if (javaScriptEnabled) await waitForHydration(page, "[data-testid=theme-toggle]");
    const savedLight = page.waitForResponse((r) => new URL(r.url()).pathname === "/theme" && r.request().method() === "POST");
    await toggle.click();
    await savedLight;
    await expect(html).not.toHaveClass(/\bdark\b/);
    await expect(toggle).toHaveAccessibleName("Switch to dark theme");
    if (javaScriptEnabled) {
      expect(await page.evaluate(() => localStorage.getItem("fx-trader-theme"))).toBe("light");
    }
    await page.reload();
    await expect(html).not.toHaveClass(/\bdark\b/);
  });
});

test.describe("mobile menu", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the Menu summary opens the navigation links", async ({ page, javaScriptEnabled }) => {
    await page.goto("/");
    if (javaScriptEnabled) await waitForHydration(page, "nav details");
    const nav = navbar(page);
    const details = nav.locator("details");
    const menuLinks = details.getByRole("link", { name: "Strategies" });
    // Desktop links are hidden at this width, and the menu starts closed.
    await expect(menuLinks).toBeHidden();

    await nav.getByText("Menu", { exact: true }).click();
    await expect(details).toHaveAttribute("open", "");
    for (const name of ["Home", "Strategies", "Services", "Pricing", "Performance", "Academy", "Tools", "Insights", "About"]) {
      await expect(details.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expect(details.getByRole("link", { name: "Login" })).toBeVisible();

    await details.getByRole("link", { name: "Tools", exact: true }).click();
    await expect(page).toHaveURL(/\/tools$/);
    await expect(page.getByRole("heading", { name: "Risk Calculators", level: 1 })).toBeVisible();
    await expect(details).not.toHaveAttribute("open");
  });

  test("a menu opened before the page has hydrated stays open when it does", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "without JavaScript nothing hydrates");
    let releaseScripts!: () => void;
    const scriptsReleased = new Promise<void>((resolve) => (releaseScripts = resolve));
    await page.route("**/build/**/*.js", async (route) => {
      await scriptsReleased;
      await route.continue();
    });
    await page.goto("/", { waitUntil: "commit" });
    const nav = navbar(page);
    const details = nav.locator("details");
    await nav.getByText("Menu", { exact: true }).click();
    await expect(details).toHaveAttribute("open", "");

    releaseScripts();
    await waitForHydration(page, "nav details");
    await expect(details).toHaveAttribute("open", "");
    await expect(details.getByRole("link", { name: "Tools", exact: true })).toBeVisible();
  });
});

test("documents carry the security headers", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  const headers = response!.headers();
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
});

test("sections and the footer below a phone's first screen are laid out only when scrolled near", async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 823 });
  await page.goto("/about");
  // false while the element sits in a content-visibility: auto subtree the browser skips
  const laidOut = (selector: string) => page.locator(selector).evaluate((element) => element.checkVisibility({ contentVisibilityAuto: true }));
  expect(await laidOut("#partners")).toBe(false);
  expect(await laidOut("footer [data-testid='risk-text']")).toBe(false);
  expect(await laidOut("main h1")).toBe(true);
  await page.locator("footer [data-testid='risk-text']").scrollIntoViewIfNeeded();
  await expect.poll(() => laidOut("footer [data-testid='risk-text']")).toBe(true);
});

test("a page starts with only its own routes and finds the others before a link is followed", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "Client navigation only happens with JavaScript.");
  const manifestRequests: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/__manifest") manifestRequests.push(request.url());
  });
  const document = await (await page.goto("/about"))!.text();
  expect(document, "the route manifest comes inline, with the page's own routes").toMatch(/"id": ?"routes\/about"/);
  expect(document).not.toContain("routes/tools");
  expect(document, "the whole manifest is neither preloaded nor imported").not.toMatch(/modulepreload" href="\/build\/manifest-|import \\?"\/build\/manifest-/);
  await hydrated(page);
  await expect.poll(() => manifestRequests.some((url) => new URL(url).searchParams.getAll("p").includes("/tools"))).toBe(true);

  // A marker on window survives client-side navigation only.
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  let documentRequests = 0;
  page.on("request", (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documentRequests++;
  });
  await navbar(page).getByRole("link", { name: "Tools", exact: true }).click();
  await expect(page).toHaveURL(/\/tools$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  expect(documentRequests, "no full page load").toBe(0);
});

test("public pages hydrate without errors", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "Hydration only happens with JavaScript.");
  const errors = collectPageErrors(page);
  for (const path of ["/", "/tools", "/strategies/alpha-swing?tab=signals"]) {
    await page.goto(path);
    await hydrated(page);
    expect(errors, `page errors on ${path}`).toEqual([]);
  }
});
