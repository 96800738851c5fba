/**
 * /tools: the position size calculator and the risk of ruin estimator.
 * Both are native POST forms (no JavaScript needed); with JavaScript each
 * goes through its own fetcher, pre-checks the numbers and raises toasts.
 * "Size this trade" on a portal signal opens /tools pre-filled.
 */
import type { Locator, Page } from "@playwright/test";
import { signUpFresh } from "./support/auth";
import { expect, test, waitForHydration } from "./support/fixtures";

function positionSizeForm(page: Page): Locator {
  return page.locator("form#position-size");
}
function riskOfRuinForm(page: Page): Locator {
  return page.locator("form#risk-of-ruin");
}

async function fillPositionSize(
  page: Page,
  values: { balance: string; risk: string; entry: string; stop: string },
): Promise<void> {
  const form = positionSizeForm(page);
  await form.getByLabel("Account balance (USD)").fill(values.balance);
  await form.getByLabel("Risk per trade (%)").fill(values.risk);
  await form.getByLabel("Entry price").fill(values.entry);
  await form.getByLabel("Stop loss price").fill(values.stop);
}

async function fillRiskOfRuin(page: Page, values: { winRate: string; rr: string; risk: string }): Promise<void> {
  const form = riskOfRuinForm(page);
  await form.getByLabel("Win rate (%)").fill(values.winRate);
  await form.getByLabel("Reward-to-risk ratio (R multiple)").fill(values.rr);
  await form.getByLabel("Risk per trade (% of starting balance)").fill(values.risk);
}

/** True for a POST to the /tools action (document or fetcher submission). */
function isCalculatorPost(request: { method(): string; url(): string }): boolean {
  return request.method() === "POST" && new URL(request.url()).pathname.toLowerCase() === "/tools";
}

test.beforeEach(async ({ page, javaScriptEnabled }) => {
  await page.goto("/tools");
  await expect(page.getByRole("heading", { name: "Risk Calculators", level: 1 })).toBeVisible();
  // With JavaScript the forms submit through fetchers (toasts, pre-check, pending label);
  // a click before hydration would post the form natively instead.
  if (javaScriptEnabled) {
    await waitForHydration(page, "form#position-size");
    await waitForHydration(page, "form#risk-of-ruin");
  }
});

test("position size: 10000 / 1% / 1.085 / 1.08 gives 0.20 lots risking $100", async ({ page }) => {
  await fillPositionSize(page, { balance: "10000", risk: "1", entry: "1.085", stop: "1.08" });
  await positionSizeForm(page).getByRole("button", { name: "Calculate Position Size" }).click();

  const result = page.getByRole("region", { name: "Position size result" });
  await expect(result.getByTestId("lot-size")).toHaveText("0.20 lots");
  await expect(result.getByRole("definition").first()).toHaveText("$100.00");
  await expect(result).toContainText("Risk amount (USD)");
  await expect(result).toContainText("50.0 pips");
  // The risk of ruin card is untouched.
  await expect(page.getByRole("region", { name: "Risk of ruin result" })).toHaveCount(0);
});

test("risk of ruin: 60% / 1R / 10% gives 1.734%, Low risk", async ({ page }) => {
  await fillRiskOfRuin(page, { winRate: "60", rr: "1", risk: "10" });
  await riskOfRuinForm(page).getByRole("button", { name: "Calculate Risk of Ruin" }).click();

  const result = page.getByRole("region", { name: "Risk of ruin result" });
  await expect(result.getByTestId("risk-of-ruin")).toHaveText("1.734%");
  await expect(result).toContainText("Low risk");
  await expect(result).toHaveAttribute("data-risk-level", "Low");
});

test("a negative balance shows a field error and no result", async ({ page, javaScriptEnabled }) => {
  await fillPositionSize(page, { balance: "-100", risk: "1", entry: "1.085", stop: "1.08" });
  const response = page.waitForResponse((r) => isCalculatorPost(r.request()));
  await positionSizeForm(page).getByRole("button", { name: "Calculate Position Size" }).click();
  expect((await response).status()).toBe(400);

  if (javaScriptEnabled) {
    // Checked first: the toast closes itself after 5 seconds.
    const toast = page.getByTestId("toast");
    await expect(toast).toContainText("Calculation Error");
    await expect(toast).toContainText("Failed to calculate position size. Please check your inputs.");
  }
  const form = positionSizeForm(page);
  const balance = form.getByLabel("Account balance (USD)");
  await expect(form.getByText("Account balance must be greater than 0")).toBeVisible();
  await expect(balance).toHaveAttribute("aria-invalid", "true");
  await expect(balance).toHaveValue("-100");
  await expect(form.getByText("Failed to calculate position size. Please check your inputs.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Position size result" })).toHaveCount(0);
});

test("a result stays until replaced; an error keeps the last result (JS)", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "Without JavaScript every submission renders a new page from the action's reply.");
  const form = positionSizeForm(page);
  await fillPositionSize(page, { balance: "10000", risk: "1", entry: "1.085", stop: "1.08" });
  await form.getByRole("button", { name: "Calculate Position Size" }).click();
  const lots = page.getByTestId("lot-size");
  await expect(lots).toHaveText("0.20 lots");

  await form.getByLabel("Account balance (USD)").fill("-5");
  await form.getByRole("button", { name: "Calculate Position Size" }).click();
  await expect(page.getByTestId("toast")).toContainText("Calculation Error");
  await expect(lots).toHaveText("0.20 lots");
});

test.describe("with JavaScript only", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "The number pre-check, toasts and pending label need JavaScript.");

  test("an empty field shows 'Invalid Input' and sends nothing", async ({ page }) => {
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    await fillPositionSize(page, { balance: "10000", risk: "", entry: "1.085", stop: "1.08" });
    await positionSizeForm(page).getByRole("button", { name: "Calculate Position Size" }).click();

    const toast = page.getByTestId("toast");
    await expect(toast).toContainText("Invalid Input");
    await expect(toast).toContainText("Please fill in all fields with valid numbers.");
    await toast.getByRole("button", { name: "Close" }).click();
    await expect(toast).toHaveCount(0);

    // The same rule on the risk of ruin form.
    await fillRiskOfRuin(page, { winRate: "60", rr: "", risk: "10" });
    await riskOfRuinForm(page).getByRole("button", { name: "Calculate Risk of Ruin" }).click();
    await expect(toast).toContainText("Invalid Input");
    await expect(toast).toContainText("Please fill in all fields with valid numbers.");

    await expect(page).toHaveURL(/\/tools$/);
    expect(posts).toEqual([]);
  });

  test("the button reads 'Calculating...' while the request is pending", async ({ page }) => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held!: () => void;
    const requestHeld = new Promise<void>((resolve) => (held = resolve));
    await page.route(
      (url) => url.pathname === "/tools",
      async (route) => {
        if (route.request().method() !== "POST") return route.continue();
        held();
        await released;
        await route.continue();
      },
    );

    await fillRiskOfRuin(page, { winRate: "60", rr: "1", risk: "10" });
    const form = riskOfRuinForm(page);
    await form.getByRole("button", { name: "Calculate Risk of Ruin" }).click();
    await requestHeld;

    const pending = form.getByRole("button", { name: "Calculating..." });
    await expect(pending).toBeVisible();
    await expect(pending).toBeDisabled();
    // The other calculator is independent and stays idle.
    await expect(positionSizeForm(page).getByRole("button", { name: "Calculate Position Size" })).toBeEnabled();

    release();
    await expect(form.getByRole("button", { name: "Calculate Risk of Ruin" })).toBeEnabled();
    await expect(page.getByTestId("risk-of-ruin")).toHaveText("1.734%");
  });
});

test("the issue's yen pair gives a sensible size once USDJPY is chosen in Advanced, explained in one line", async ({ page }) => {
  const form = positionSizeForm(page);
  await fillPositionSize(page, { balance: "10000", risk: "1", entry: "150.25", stop: "149.75" });
  await form.getByText("Advanced: instrument").click();
  await form.getByLabel("Instrument").selectOption("USDJPY");
  await form.getByRole("button", { name: "Calculate Position Size" }).click();

  const result = page.getByRole("region", { name: "Position size result" });
  await expect(result.getByTestId("lot-size")).toHaveText("0.30 lots");
  await expect(result.getByTestId("size-explanation")).toHaveText(
    "Risking $100.00 with a 50.0-pip stop at $6.66 per pip per lot gives 0.30 lots.",
  );
  await expect(result).toContainText("Position size for USDJPY");
  await expect(result.getByTestId("size-warnings")).toHaveCount(0);
});

test("yen prices on the default instrument show the warning next to the result, never a silent 0 lots", async ({ page }) => {
  await fillPositionSize(page, { balance: "10000", risk: "1", entry: "150.25", stop: "149.75" });
  await positionSizeForm(page).getByRole("button", { name: "Calculate Position Size" }).click();
  const result = page.getByRole("region", { name: "Position size result" });
  await expect(result.getByTestId("lot-size")).toHaveText("0.00 lots");
  await expect(result.getByTestId("size-warnings")).toContainText("look like a JPY pair or a metal");
  await expect(result.getByTestId("size-warnings")).toContainText("USDJPY");
});

test("an invalid submit marks the field with its message", async ({ page, javaScriptEnabled }) => {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (isCalculatorPost(request)) posts.push(request.url());
  });
  await fillPositionSize(page, { balance: "", risk: "1", entry: "1.085", stop: "1.08" });
  await positionSizeForm(page).getByRole("button", { name: "Calculate Position Size" }).click();

  const balance = positionSizeForm(page).getByLabel("Account balance (USD)");
  await expect(balance).toHaveAttribute("aria-invalid", "true");
  await expect(positionSizeForm(page).getByText("Account balance is required")).toBeVisible();
  await expect(balance).toHaveAccessibleDescription("Account balance is required");
  if (javaScriptEnabled) {
    await expect(page.getByTestId("toast")).toContainText("Invalid Input");
    expect(posts).toEqual([]);
  } else {
    // Without JavaScript the server checks the same rule and marks the same field.
    expect(posts).toHaveLength(1);
  }
  // The other fields are not marked.
  await expect(positionSizeForm(page).getByLabel("Entry price")).not.toHaveAttribute("aria-invalid", "true");
});

test("risk of ruin shows Kelly, expectancy, the odds of drawdowns from a peak and the Monte Carlo's standard error", async ({ page }) => {
  await fillRiskOfRuin(page, { winRate: "50", rr: "2", risk: "20" });
  await riskOfRuinForm(page).getByLabel("Ruin drawdown (%)").fill("50");
  await riskOfRuinForm(page).getByRole("button", { name: "Calculate Risk of Ruin" }).click();
  const result = page.getByRole("region", { name: "Risk of ruin result" });
  await expect(result.getByTestId("ruin-explanation")).toContainText("chance of a 50% drawdown");
  await expect(result).toContainText("Chance of a 10% drawdown from a peak within 500 trades");
  await expect(result).toContainText("Kelly fraction");
  await expect(result).toContainText("+0.50R");
  await expect(result.getByTestId("fixed-fractional")).toContainText("Monte Carlo simulation");
  await expect(result.getByTestId("fixed-fractional")).toContainText("±");
});

test("Size this trade on a portal signal opens /tools pre-filled with the signal and the risk template", async ({ page, javaScriptEnabled }) => {
  await signUpFresh(page, "/portal/dashboard", { lastName: "Sizer" });
  const link = page.getByRole("region", { name: "Live Signals Feed" }).getByTestId("size-this-trade").filter({ visible: true }).first();
  const href = await link.getAttribute("href");
  expect(href).toMatch(/^\/tools\?symbol=[A-Z]{6}&entryPrice=[\d.]+&stopLoss=[\d.]+.*&riskPercent=1$/);
  const query = new URL(href!, "http://localhost").searchParams;
  await link.click();

  await expect(page).toHaveURL((url) => url.pathname === "/tools" && url.searchParams.get("symbol") === query.get("symbol"));
  const form = positionSizeForm(page);
  await expect(form.getByLabel("Entry price")).toHaveValue(query.get("entryPrice")!);
  await expect(form.getByLabel("Stop loss price")).toHaveValue(query.get("stopLoss")!);
  await expect(form.getByLabel("Risk per trade (%)")).toHaveValue("1");
  await expect(form.getByLabel("Instrument")).toHaveValue(query.get("symbol")!);
  if (query.get("tp1")) await expect(form.getByLabel("TP1 price")).toHaveValue(query.get("tp1")!);

  if (javaScriptEnabled) await waitForHydration(page, "form#position-size");
  await form.getByLabel("Account balance (USD)").fill("10000");
  await form.getByRole("button", { name: "Calculate Position Size" }).click();
  await expect(page.getByRole("region", { name: "Position size result" })).toContainText(`Position size for ${query.get("symbol")}`);
});
