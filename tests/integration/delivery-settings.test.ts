/**
 * My Strategies → Settings drive the email channel for real: the Email
 * toggle saved through the page gates the outbox, and the News blackout holds
 * a new signal's email during a window of the economic calendar
 * (`news_events`) until the window ends, while closes go out at once and take
 * the held alert with them. The real SQLite file, the real worker and a real
 * SMTP server on 127.0.0.1.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliveryJobs } from "../../db/schema";
import { BLACKOUT_AFTER_MS } from "~/domain/news-blackout";
import { addNewsEvent } from "~/models/news-events.server";
import { closeSignal, publishSignal } from "~/models/signals.server";
import { saveDeliverySettings } from "~/models/user-settings.server";
import * as route from "~/routes/portal.strategies";
import { getDb } from "~/platform/db.server";
import { createDeliveryWorker, type DeliveryWorker } from "~/services/delivery-worker.server";
import { createUser, DAY, insertStrategy, insertStrategyAccess, insertSubscription, signedInCookie, validSignalInput } from "../support/fixtures";
import { callRoute, formRequest } from "../support/http";
import { expandDueFanouts } from "~/models/outbox-fanout.server";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";

const MIN = 60_000;
let sink: SmtpSink;
/** The worker's clock runs `shift` ms ahead of the real one. */
let shift = 0;
let worker: DeliveryWorker;
let adminId: number;
let strategyId: number;

function follower(firstName: string) {
  const user = createUser({ firstName });
  insertSubscription(user.id, "starter");
  insertStrategyAccess(user.id, [strategyId]);
  return user;
}

/** The user's email jobs of a signal, once the publishes' fan-out rows are expanded (as a worker does after the commit). */
function jobsOf(userId: number, signalId: number) {
  expandDueFanouts("test", new Date(), { leaseMs: 60_000 });
  return getDb()
    .select()
    .from(deliveryJobs)
    .where(and(eq(deliveryJobs.userId, userId), eq(deliveryJobs.signalId, signalId), eq(deliveryJobs.channel, "email")))
    .orderBy(deliveryJobs.seq)
    .all();
}

const subjectsTo = (email: string) => sink.messages.filter((m) => m.to.includes(email)).map((m) => m.header("Subject"));

beforeAll(async () => {
  sink = await startSmtpSink();
  process.env.SMTP_URL = sink.url;
  process.env.MAIL_FROM = "FX Trader <signals@fx.example>";
  adminId = createUser({ role: "admin" }).id;
  strategyId = insertStrategy({ slug: "alpha-swing", name: "Alpha Swing" }).id;
  worker = createDeliveryWorker({ log: () => {}, clock: () => new Date(Date.now() + shift) });
});

afterAll(async () => {
  await worker.stop();
  await sink.close();
});

describe("the Email toggle", () => {
  it("saved off in My Strategies → Settings, no email job is enqueued; saved on, one is", async () => {
    const user = follower("Toggle");
    const cookie = await signedInCookie(user.id);
    const save = (fields: [string, string][]) =>
      callRoute(route.action, formRequest("http://localhost:3000/portal/strategies?tab=settings", [["intent", "save-settings"], ...fields, ["riskTemplate", "Balanced"]], { cookie }));

    expect((await save([])).status).toBe(302);
    const quiet = publishSignal(validSignalInput(strategyId, new Date(Date.now() + DAY)), adminId);
    expect(jobsOf(user.id, quiet.id)).toEqual([]);

    expect((await save([["emailAlerts", "on"]])).status).toBe(302);
    const loud = publishSignal(validSignalInput(strategyId, new Date(Date.now() + DAY)), adminId);
    expect(jobsOf(user.id, loud.id)).toHaveLength(1);
    await worker.runOnce();
    expect(subjectsTo(user.email)).toEqual(["New signal: EURUSD LONG — Alpha Swing"]);
  });
});

describe("the News blackout", () => {
  it("holds a new signal's email until the window ends, for users who keep it on; other alerts queue behind it", async () => {
    const held = follower("Held");
    const free = follower("Free");
    saveDeliverySettings(free.id, { emailAlerts: true, telegramAlerts: false, pushAlerts: false, newsBlackout: false, riskTemplate: "Balanced" });
    const release = new Date(Date.now() + 5 * MIN);
    addNewsEvent({ releasedAt: release, currency: "USD", title: "US Non-Farm Payrolls" });

    const eurusd = publishSignal(validSignalInput(strategyId, new Date(Date.now() + DAY)), adminId);
    const eurjpy = publishSignal(validSignalInput(strategyId, new Date(Date.now() + DAY), { symbol: "EURJPY", entryPrice: 160.5, sl: 160, tp1: 161, tp2: 161.5 }), adminId);
    const windowEnd = release.getTime() + BLACKOUT_AFTER_MS;
    expect(jobsOf(held.id, eurusd.id)[0]!.nextAttemptAt.getTime()).toBe(windowEnd);
    // EURJPY trades no USD, but its alert queues behind the held EURUSD one (per-user order) and goes out with it.
    expect(jobsOf(held.id, eurjpy.id)[0]!.nextAttemptAt.getTime()).toBe(windowEnd);
    expect(jobsOf(free.id, eurusd.id)[0]!.nextAttemptAt.getTime()).toBeLessThan(windowEnd - 10 * MIN);

    shift = 0;
    await worker.runOnce();
    await worker.runOnce();
    expect(subjectsTo(free.email)).toEqual(["New signal: EURUSD LONG — Alpha Swing", "New signal: EURJPY LONG — Alpha Swing"]);
    expect(subjectsTo(held.email)).toEqual([]);
    expect(jobsOf(held.id, eurjpy.id)[0]!.status).toBe("queued");

    shift = 21 * MIN;
    await worker.runOnce();
    await worker.runOnce();
    expect(subjectsTo(held.email)).toEqual(["New signal: EURUSD LONG — Alpha Swing", "New signal: EURJPY LONG — Alpha Swing"]);
    shift = 0;
  });

  it("never holds a close: it goes out at once, right after the held alert of its open", async () => {
    const held = follower("Urgent");
    addNewsEvent({ releasedAt: new Date(Date.now() + 10 * MIN), currency: "EUR", title: "ECB rate decision" });
    const signal = publishSignal(validSignalInput(strategyId, new Date(Date.now() + DAY)), adminId);
    expect(jobsOf(held.id, signal.id)[0]!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20 * MIN);
    await worker.runOnce();
    expect(subjectsTo(held.email)).toEqual([]);

    closeSignal(signal.id, { exitPrice: 1.09, reason: "TP1" }, new Date());
    expect(jobsOf(held.id, signal.id).every((job) => job.nextAttemptAt.getTime() <= Date.now())).toBe(true);
    await worker.runOnce();
    await worker.runOnce();
    expect(subjectsTo(held.email)).toEqual(["New signal: EURUSD LONG — Alpha Swing", "Signal closed: EURUSD LONG — Alpha Swing"]);
  });
});
