/**
 * Signal alerts by email end to end: the outbox, the worker and nodemailer
 * over SMTP_URL to a real SMTP server on 127.0.0.1, then the one-click
 * unsubscribe (RFC 8058) that the message's headers point at, posted without
 * a cookie, which stops further alerts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publishSignal, closeSignal } from "~/models/signals.server";
import { getDeliverySettings } from "~/models/user-settings.server";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "~/routes/unsubscribe";
import { createDeliveryWorker, type DeliveryWorker } from "~/services/delivery-worker.server";
import { createUser, DAY, insertStrategy, insertStrategyAccess, insertSubscription, validSignalInput } from "../support/fixtures";
import { callRoute, getRequest } from "../support/http";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";

let sink: SmtpSink;
let worker: DeliveryWorker;
let adminId: number;
let strategyId: number;
let traderEmail: string;
let traderId: number;
let outsiderEmail: string;

beforeAll(async () => {
  sink = await startSmtpSink();
  process.env.SMTP_URL = sink.url;
  process.env.MAIL_FROM = "FX Trader <signals@fx.example>";
  adminId = createUser({ role: "admin", firstName: "Ada" }).id;
  strategyId = insertStrategy({ slug: "alpha-swing", name: "Alpha Swing" }).id;
  const trader = createUser({ firstName: "Tia" });
  insertSubscription(trader.id, "starter");
  insertStrategyAccess(trader.id, [strategyId]);
  traderEmail = trader.email;
  traderId = trader.id;
  const outsider = createUser({ firstName: "Oli" });
  insertStrategyAccess(outsider.id, [strategyId]);
  outsiderEmail = outsider.email;
  worker = createDeliveryWorker({ log: () => {} });
});

afterAll(async () => {
  await worker.stop();
  await sink.close();
});

describe("email alerts", () => {
  it("mails entitled followers the levels, the risk disclaimer and a one-click unsubscribe", async () => {
    const signal = publishSignal(validSignalInput(strategyId, new Date(Date.now() + DAY)), adminId);
    await worker.runOnce();
    expect(sink.messages.map((m) => m.to)).toEqual([[traderEmail]]);
    expect(sink.messages.flatMap((m) => m.to)).not.toContain(outsiderEmail);
    const [mail] = sink.messages;
    expect(mail!.from).toBe("signals@fx.example");
    expect(mail!.header("Subject")).toBe("New signal: EURUSD LONG — Alpha Swing");
    expect(mail!.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail!.raw).toMatch(/Content-Type: text\/html/);
    for (const text of ["Entry: 1.085 (market)", "Stop loss: 1.08", "Take profit 1: 1.09", "Take profit 2: 1.095", "Forex trading involves significant risk of loss"]) {
      expect(mail!.decoded).toContain(text);
    }
    expect(mail!.header("List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    const unsubscribe = /<(http[^>]+)>/.exec(mail!.header("List-Unsubscribe") ?? "")?.[1];
    expect(unsubscribe).toMatch(/\/unsubscribe\?token=/);

    closeSignal(signal.id, { exitPrice: 1.09, reason: "TP1" }, new Date());
    await worker.runOnce();
    expect(sink.messages[1]!.header("Subject")).toBe("Signal closed: EURUSD LONG — Alpha Swing");
    expect(sink.messages[1]!.decoded).toContain("Result: 50 pips (1 R)");
  });

  it("one POST to the List-Unsubscribe URL without a cookie turns email alerts off", async () => {
    const url = /<(http[^>]+)>/.exec(sink.messages[0]!.header("List-Unsubscribe")!)![1]!;
    const page = await callRoute(unsubscribeLoader, getRequest(url));
    expect(await page.json()).toEqual({ valid: true });
    expect(getDeliverySettings(traderId).emailAlerts).toBe(true);

    const forged = url.replace(/token=(\d+)\./, (_, id) => `token=${Number(id) + 1}.`);
    const refused = await callRoute(unsubscribeAction, new Request(forged, { method: "POST", body: "List-Unsubscribe=One-Click", headers: { "Content-Type": "application/x-www-form-urlencoded" } }));
    expect(refused.status).toBe(400);

    const response = await callRoute(unsubscribeAction, new Request(url, { method: "POST", body: "List-Unsubscribe=One-Click", headers: { "Content-Type": "application/x-www-form-urlencoded" } }));
    expect(response.status).toBe(200);
    expect(getDeliverySettings(traderId).emailAlerts).toBe(false);

    const before = sink.messages.length;
    publishSignal(validSignalInput(strategyId, new Date(Date.now() + DAY)), adminId);
    expect(await worker.runOnce()).toBe(0);
    expect(sink.messages).toHaveLength(before);
  });
});
