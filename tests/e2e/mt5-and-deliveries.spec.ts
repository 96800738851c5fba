/**
 * With and without JavaScript: a trader turns "Auto-send to MT5" on and off
 * for a followed strategy (My Strategies → Overview), and an admin finds a dead
 * delivery job on /admin/deliveries and retries it.
 */
import Database from "better-sqlite3";
import { ACCOUNTS, signIn } from "./support/auth";
import { e2eDatabasePath } from "./support/database";
import { expect, expectToast, test } from "./support/fixtures";

/**
 * Writes a dead webhook job for the demo trader straight into the server's
 * database (no browser flow kills a job in seconds: dying takes 8 failures over a day).
 * @returns the job's id.
 */
function insertDeadJob(): number {
  const db = new Database(e2eDatabasePath());
  try {
    db.pragma("busy_timeout = 5000");
    const trader = db.prepare("SELECT id FROM users WHERE email = ?").get(ACCOUNTS.trader.email) as { id: number };
    const now = Date.now();
    const result = db
      .prepare(
        `INSERT INTO delivery_jobs (user_id, channel, target_id, event_type, payload, status, attempts, next_attempt_at, last_error, created_at)
         VALUES (?, 'webhook', 0, 'webhook.test', '{}', 'dead', 8, ?, 'HTTP 500 from the receiver', ?)`,
      )
      .run(trader.id, now, now);
    return Number(result.lastInsertRowid);
  } finally {
    db.close();
  }
}

test("a trader turns Auto-send to MT5 on and off for a followed strategy", async ({ page }, testInfo) => {
  const js = testInfo.project.use.javaScriptEnabled !== false;
  await signIn(page, ACCOUNTS.trader, { returnTo: "/portal/strategies?tab=overview" });
  const toggle = page.locator('[data-testid^="mt5-auto-send-"]').first();
  await expect(toggle).toBeVisible();
  const testId = (await toggle.getAttribute("data-testid"))!;
  const before = (await toggle.getAttribute("aria-checked")) === "true";

  await toggle.click();
  await expect(page).toHaveURL(/\/portal\/strategies\?tab=overview$/);
  await expectToast(page, js, before ? "Auto-send Off" : "Auto-send On");
  await expect(page.getByTestId(testId)).toHaveAttribute("aria-checked", String(!before));

  await page.getByTestId(testId).click();
  await expectToast(page, js, before ? "Auto-send On" : "Auto-send Off");
  await expect(page.getByTestId(testId)).toHaveAttribute("aria-checked", String(before));
});

test("an admin sees a dead delivery job on /admin/deliveries and retries it", async ({ page }, testInfo) => {
  const js = testInfo.project.use.javaScriptEnabled !== false;
  const jobId = insertDeadJob();
  await signIn(page, ACCOUNTS.admin, { returnTo: "/portal/dashboard" });
  await page.getByTestId("admin-menu").locator("summary").click();
  await page.getByRole("link", { name: "Deliveries" }).click();
  await expect(page).toHaveURL(/\/admin\/deliveries$/);
  await expect(page.getByRole("heading", { level: 1, name: "Deliveries" })).toBeVisible();
  await expect(page.getByTestId("delivery-channel-webhook")).toBeVisible();

  const row = page.getByTestId(`dead-job-${jobId}`);
  await expect(row).toContainText("trader@example.com");
  await expect(row).toContainText("HTTP 500 from the receiver");
  await row.getByRole("button", { name: `Retry job ${jobId}` }).click();
  await expectToast(page, js, "Job Queued");
  // Requeued with its attempts reset: gone from the dead list, or dead again after one fresh attempt (its target does not exist).
  await expect(page.getByTestId(`dead-job-${jobId}`).getByRole("cell", { name: "8", exact: true })).toHaveCount(0);
});
