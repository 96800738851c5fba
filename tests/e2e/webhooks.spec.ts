/**
 * Account → Webhooks with and without JavaScript: register an endpoint (its
 * secret is shown once), send a test event and find it in the endpoint's
 * delivery log, then delete the endpoint.
 */
import { ACCOUNTS, signIn } from "./support/auth";
import { expect, test } from "./support/fixtures";

test("register a webhook, send a test event and see it in the delivery log", async ({ page, javaScriptEnabled }, testInfo) => {
  // Webhooks are an Institutional channel (docs/decisions/0157-plans-as-entitlements.md).
  await signIn(page, ACCOUNTS.institutional, { returnTo: "/portal/account/webhooks" });
  const url = `https://93.184.215.14/hooks/${testInfo.project.name}-${Date.now().toString(36)}`;
  await page.getByLabel("Endpoint URL").fill(url);
  await page.getByRole("button", { name: "Add endpoint" }).click();
  await expect(page.getByTestId("webhook-secret")).toHaveValue(/^whsec_/);
  // A Copy button beside the secret once JavaScript runs; without it the field's text is selectable.
  await expect(page.getByRole("button", { name: "Copy" })).toHaveCount(javaScriptEnabled ? 1 : 0);

  await page.goto("/portal/account/webhooks");
  await expect(page.getByTestId("webhook-secret")).toHaveCount(0);
  const card = page.getByTestId("webhook-endpoint").filter({ hasText: url });
  await card.getByRole("button", { name: "Send test event" }).click();
  await expect(page.getByTestId("webhook-endpoint").filter({ hasText: url }).getByRole("cell", { name: "webhook.test" })).toBeVisible();

  await page.getByTestId("webhook-endpoint").filter({ hasText: url }).getByRole("button", { name: "Delete" }).click();
  await expect(page.getByTestId("webhook-endpoint").filter({ hasText: url })).toHaveCount(0);
});
