/**
 * Accessibility of the public pages (plus sign-in, sign-up and the 404 page):
 * axe-core WCAG 2.0/2.1 A and AA checks in the light and the dark theme, the
 * keyboard path to the tab lists with a visible focus indicator, and no
 * horizontal scrolling on a 360 px wide phone screen.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./support/fixtures";
import { ARTICLE, PUBLIC_ROUTES, seededPost, setTheme } from "./support/public-routes";

test.skip(
  ({ javaScriptEnabled }) => !javaScriptEnabled,
  "axe-core and the layout probes run as page scripts, so they need JavaScript (js project only); the no-js project renders the same markup",
);

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
type Theme = "light" | "dark";

/** Every public route, then the sign-in, sign-up and not-found pages. */
const PAGES = [...PUBLIC_ROUTES.map((route) => route.path), "/login", "/signup", "/no-such-page"];

function label(path: string): string {
  return path === ARTICLE ? "/insights/<newest seeded post>" : path;
}

async function resolve(path: string, page: Page): Promise<string> {
  return path === ARTICLE ? `/insights/${(await seededPost(page.request)).slug}` : path;
}

/** Opens `path` in `theme` and waits until React has hydrated it (and, on /performance, the record section is there). */
async function open(page: Page, path: string, theme: Theme): Promise<void> {
  await setTheme(page, theme);
  const response = await page.goto(path);
  expect(response?.status(), `GET ${path}`).toBe(path === "/no-such-page" ? 404 : 200);
  if (theme === "dark") await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  else await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
  await waitForHydration(page);
  if (path === "/performance") await expect(page.getByTestId("live-record")).toBeVisible();
}

async function expectNoSeriousViolations(page: Page, context: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const lesser = results.violations.filter((v) => !serious.includes(v));
  if (lesser.length) {
    // Not failures, but listed in the report so they are not lost.
    test.info().annotations.push({
      type: "axe (moderate/minor)",
      description: `${context}: ${lesser.map((v) => `${v.id} [${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}]`).join("; ")}`,
    });
  }
  const report = serious
    .map(
      (v) =>
        `- ${v.id} (${v.impact}): ${v.help}\n  ${v.helpUrl}\n` +
        v.nodes
          .slice(0, 8)
          .map((n) => `    ${n.target.join(" ")}${n.failureSummary ? `\n      ${n.failureSummary.replace(/\n/g, "\n      ")}` : ""}`)
          .join("\n"),
    )
    .join("\n");
  expect(serious, `serious/critical axe violations on ${context}:\n${report}`).toEqual([]);
}

const DESKTOP = { width: 1280, height: 720 };
const PHONE = { width: 360, height: 740 };

/** Page width against the viewport, with the widest elements for the failure message. */
async function measureWidth(page: Page): Promise<{ scrollWidth: number; innerWidth: number; offenders: string[] }> {
  return page.evaluate(() => {
    const viewport = window.innerWidth;
    const offenders: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll<HTMLElement>("*"))) {
      const rect = el.getBoundingClientRect();
      if (rect.width > 0 && rect.right > viewport + 0.5 && offenders.length < 5) {
        const id = el.id ? `#${el.id}` : "";
        const cls = typeof el.className === "string" ? `.${el.className.trim().split(/\s+/).slice(0, 4).join(".")}` : "";
        offenders.push(`${el.tagName.toLowerCase()}${id}${cls} (right ${Math.round(rect.right)}px)`);
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: viewport, offenders };
  });
}

/** No horizontal scrolling: the document is no wider than the viewport (polled, as charts resize after layout). */
async function expectNoHorizontalScroll(page: Page, context: string): Promise<void> {
  let last = { scrollWidth: 0, innerWidth: 0, offenders: [] as string[] };
  await expect
    .poll(
      async () => {
        last = await measureWidth(page);
        return last.scrollWidth - last.innerWidth;
      },
      {
        message: `horizontal scrolling on ${context}`,
      },
    )
    .toBeLessThanOrEqual(0)
    .catch((error: Error) => {
      throw new Error(
        `${context} is ${last.scrollWidth}px wide in a ${last.innerWidth}px viewport; widest elements: ${last.offenders.join(", ")}\n${error.message}`,
      );
    });
}

/*
 * One test per page, reusing its page: in light, axe at desktop width then the
 * 360×740 width check; in dark, the width check then axe at desktop width.
 */
test.describe("axe (WCAG 2.1 A/AA: no serious or critical violations) and no horizontal scrolling at 360×740, light and dark", () => {
  // Two full axe runs and four page loads per test: about 10 s on an idle 2-core machine, more on a busy one.
  test.describe.configure({ timeout: 90_000 });
  for (const path of PAGES) {
    test(label(path), async ({ page }) => {
      const url = await resolve(path, page);

      await page.setViewportSize(DESKTOP);
      await open(page, url, "light");
      await expectNoSeriousViolations(page, `${url} (light)`);
      await page.setViewportSize(PHONE);
      await expectNoHorizontalScroll(page, `${url} (light, 360×740)`);

      await open(page, url, "dark");
      await expectNoHorizontalScroll(page, `${url} (dark, 360×740)`);
      await page.setViewportSize(DESKTOP);
      await expectNoSeriousViolations(page, `${url} (dark)`);
    });
  }
});

test.describe("keyboard: Tab reaches the tab lists with a visible focus indicator", () => {
  const CASES = [
    { path: "/performance", tablist: "Performance sections", first: "Overview", second: "Methodology", param: "tab=methodology" },
    { path: "/strategies/alpha-swing", tablist: "Strategy details", first: "Overview", second: "Playbook", param: "tab=playbook" },
  ];

  async function expectFocusVisible(page: Page, what: string): Promise<void> {
    const style = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      const s = getComputedStyle(el);
      return { outlineStyle: s.outlineStyle, outlineWidth: s.outlineWidth, boxShadow: s.boxShadow, focusVisible: el.matches(":focus-visible") };
    });
    const outline = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0;
    const shadow = style.boxShadow !== "none" && style.boxShadow !== "";
    expect(style.focusVisible, `${what} matches :focus-visible`).toBe(true);
    expect(outline || shadow, `${what} shows a focus indicator: ${JSON.stringify(style)}`).toBe(true);
  }

  for (const { path, tablist, first, second, param } of CASES) {
    test(path, async ({ page }) => {
      await page.goto(path);
      await waitForHydration(page, '[role="tab"]');

      let reached = false;
      for (let presses = 0; presses < 40 && !reached; presses++) {
        await page.keyboard.press("Tab");
        reached = await page.evaluate(() => document.activeElement?.getAttribute("role") === "tab");
      }
      expect(reached, `Tab reaches a tab of "${tablist}" within 40 presses`).toBe(true);
      const focused = page.locator(":focus");
      await expect(focused).toHaveText(first);
      await expect(focused).toHaveAttribute("aria-selected", "true");
      await expect(page.getByRole("tablist", { name: tablist }).locator(":focus")).toHaveCount(1);
      await expectFocusVisible(page, `the "${first}" tab`);

      // Arrow keys move along the tab list; Enter opens the focused tab.
      await page.keyboard.press("ArrowRight");
      await expect(focused).toHaveText(second);
      await expectFocusVisible(page, `the "${second}" tab`);
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(new RegExp(`[?&]${param}\\b`));
      await expect(page.getByRole("tab", { name: second })).toHaveAttribute("aria-selected", "true");
    });
  }
});
