/**
 * The public forms, with and without JavaScript: the contact form (spec
 * sections 2 "Contact", 4, 5 and 8) and the insights newsletter box; with
 * JavaScript, the insights search that filters as you type.
 */
import type { Locator, Page, Request } from "@playwright/test";
import { uniqueEmail } from "./support/auth";
import { expect, expectToast, test, waitForHydration } from "./support/fixtures";
import { pickSearchWord, seededPosts } from "./support/public-routes";

const MISSING = { title: "Missing Information", description: "Please fill in all required fields." };
const SENT = { title: "Message Sent!", description: "We'll get back to you within 24 hours." };
const NEWSLETTER_SUCCESS = "Thanks! You're on the list for new insights.";

/** Records the POSTs to `pathname` the page makes from now on. */
function recordPosts(page: Page, pathname: string): Request[] {
  const posts: Request[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === pathname) posts.push(request);
  });
  return posts;
}

/**
 * The flash toast: the Radix toast with JavaScript; without, the copy the
 * server renders inside <noscript> (role=status), not the page's own inline
 * status line.
 */
function flashToast(page: Page, javaScriptEnabled: boolean, title: string): Locator {
  return javaScriptEnabled
    ? page.getByTestId("toast").filter({ hasText: title })
    : page.locator('[role="status"]:not([data-testid])').filter({ hasText: title });
}

test.describe("contact form", () => {
  test("submitting with the required fields empty shows 'Missing Information' and sends nothing", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto("/contact");
    if (javaScriptEnabled) await waitForHydration(page, "#contact-form");
    const posts = recordPosts(page, "/contact");
    const form = page.locator("#contact-form");

    if (javaScriptEnabled) {
      await form.getByRole("button", { name: "Send Message" }).click();
      await expectToast(page, true, MISSING.title, MISSING.description);
      expect(posts, "the browser sends nothing").toHaveLength(0);
    } else {
      const answer = page.waitForResponse(
        (r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/contact",
      );
      await form.getByRole("button", { name: "Send Message" }).click();
      expect((await answer).status(), "the server rejects the empty form").toBe(400);
      await expect(form.getByRole("alert")).toHaveText(MISSING.description);
    }
    // Each required field says what is missing.
    await expect(form.getByText("Full name is required")).toBeVisible();
    await expect(form.getByText("Email is required")).toBeVisible();
    await expect(form.getByText("Message is required")).toBeVisible();
    await expect(page.getByLabel("Full Name")).toHaveAttribute("aria-invalid", "true");
    await expect(page).not.toHaveURL(/sent=1/);
    await expect(page.getByText(SENT.title)).toHaveCount(0);
  });

  test("a complete message is sent: 'Message Sent!' and the form is cleared", async ({ page, javaScriptEnabled }) => {
    await page.goto("/contact");
    if (javaScriptEnabled) await waitForHydration(page, "#contact-form");
    const form = page.locator("#contact-form");
    const fields = {
      name: page.getByLabel("Full Name"),
      email: page.getByLabel("Email Address"),
      experience: page.getByLabel("Trading Experience"),
      time: page.getByLabel("Preferred Contact Time"),
      goals: page.getByLabel("Trading Goals & Objectives"),
      message: page.getByLabel("Message *"),
    };
    await fields.name.fill("Grace Hopper");
    await fields.email.fill(uniqueEmail("contact"));
    await fields.experience.selectOption("intermediate");
    await fields.time.selectOption("morning");
    await fields.goals.fill("Trade the London session with fixed risk.");
    await fields.message.fill("Which strategy suits a part-time trader in Europe?");
    const posts = recordPosts(page, "/contact");

    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(page).toHaveURL(/\/contact\?sent=1$/);
    expect(posts).toHaveLength(1);

    const toast = flashToast(page, javaScriptEnabled, SENT.title);
    await expect(toast).toBeVisible();
    await expect(toast).toContainText(SENT.description);
    await expect(page.getByTestId("contact-sent")).toHaveText(`${SENT.title} ${SENT.description}`);

    for (const field of [fields.name, fields.email, fields.goals, fields.message]) await expect(field).toHaveValue("");
    await expect(fields.experience).toHaveValue("");
    await expect(fields.time).toHaveValue("");
    await expect(form.getByRole("alert")).toHaveCount(0);
  });
});

test.describe("newsletter on /insights", () => {
  function newsletter(page: Page) {
    const section = page.getByRole("region", { name: "Get New Insights by Email" });
    return {
      section,
      email: section.getByLabel("Email address"),
      submit: section.getByRole("button", { name: "Subscribe", exact: true }),
      success: section.getByTestId("newsletter-success"),
      error: section.locator("#newsletter-error"),
    };
  }

  test("subscribing a new email confirms; subscribing it again is still a success", async ({ page, javaScriptEnabled }) => {
    await page.goto("/insights");
    if (javaScriptEnabled) await waitForHydration(page, "#newsletter-email");
    const box = newsletter(page);
    const email = uniqueEmail("newsletter");

    await box.email.fill(email);
    await box.submit.click();
    await expect(box.success).toHaveText(NEWSLETTER_SUCCESS);
    await expect(box.error).toHaveCount(0);
    if (javaScriptEnabled) await expectToast(page, true, "Subscribed", NEWSLETTER_SUCCESS);
    await expect(box.email).toHaveValue("");

    // The same address again (in another case): no error, the same confirmation.
    await box.email.fill(email.toUpperCase());
    const answer = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/insights");
    await box.submit.click();
    expect((await answer).status()).toBe(200);
    await expect(box.success).toHaveText(NEWSLETTER_SUCCESS);
    await expect(box.error).toHaveCount(0);
  });

  test("an invalid email gets a field error and no confirmation", async ({ page, javaScriptEnabled }) => {
    await page.goto("/insights");
    if (javaScriptEnabled) await waitForHydration(page, "#newsletter-email");
    const box = newsletter(page);
    const posts = recordPosts(page, "/insights");

    // Not an email at all: the browser's own check (type=email) stops the post.
    await box.email.fill("not-an-email");
    await box.submit.click();
    expect(await box.email.evaluate((el: HTMLInputElement) => el.validity.typeMismatch)).toBe(true);
    expect(await box.email.evaluate((el: HTMLInputElement) => el.validationMessage)).not.toBe("");
    expect(posts).toHaveLength(0);
    await expect(box.success).toHaveCount(0);

    // Passes the browser's check but not the server's (no domain dot): the server's field error.
    await box.email.fill("trader@localhost");
    const answer = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/insights");
    await box.submit.click();
    expect((await answer).status()).toBe(400);
    await expect(box.error).toHaveText("Enter a valid email address");
    await expect(box.email).toHaveAttribute("aria-invalid", "true");
    await expect(box.email).toHaveAttribute("aria-describedby", "newsletter-error");
    await expect(box.email).toHaveValue("trader@localhost");
    await expect(box.success).toHaveCount(0);
  });
});

test.describe("insights search as you type", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "filtering while typing needs JavaScript; the GET form is covered in public-pages");

  test("typing filters the list without a full reload and puts ?q= in the URL", async ({ page, request }) => {
    const { word: found, target, unrelated } = pickSearchWord(await seededPosts(request, 20));
    const word = found.toLowerCase();

    await page.goto("/insights");
    await waitForHydration(page, "#insights-search");
    const latest = page.getByRole("region", { name: "Latest Insights" });
    await expect(latest.getByRole("link", { name: unrelated.title, exact: true })).toBeVisible();

    // A marker on window survives client-side navigation only.
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    let documentRequests = 0;
    page.on("request", (r) => {
      if (r.isNavigationRequest() && r.frame() === page.mainFrame()) documentRequests++;
    });

    await page.getByRole("searchbox", { name: "Search insights" }).pressSequentially(word, { delay: 20 });
    await expect(page).toHaveURL(new RegExp(`/insights\\?q=${word}$`));
    await expect(latest.getByRole("link", { name: target.title, exact: true })).toBeVisible();
    await expect(latest.getByRole("link", { name: unrelated.title, exact: true })).toHaveCount(0);
    await expect(latest).toContainText(new RegExp(`results? for “${word}”`));

    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    expect(documentRequests, "no full page load").toBe(0);
  });
});
