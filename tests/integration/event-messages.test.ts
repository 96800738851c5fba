/**
 * Messages say what happened: the ledger's events, read back as a channel
 * reads them (`deliveredEvent`), carry the signal as it stood before, so the
 * email and Telegram alerts show old → new levels, the partial close's share,
 * price and R, and the close's reason, exit and result.
 */
import { describe, expect, it } from "vitest";
import { deliveredEvent } from "~/models/outbox.server";
import { closeSignal, modifySignal, partiallyCloseSignal, publishSignal } from "~/models/signals.server";
import { summaryOf } from "~/services/channels/event-data.server";
import { renderSignalEmail } from "~/services/channels/email.server";
import { renderTelegramMessage } from "~/services/channels/telegram.server";
import { toApiSignal } from "~/domain/signals";
import { getDb } from "~/platform/db.server";
import { signalEvents } from "../../db/schema";
import { desc, eq } from "drizzle-orm";
import { insertStrategy, validSignalInput } from "../support/fixtures";

const latestSeq = (signalId: number) =>
  getDb().select({ seq: signalEvents.seq }).from(signalEvents).where(eq(signalEvents.signalId, signalId)).orderBy(desc(signalEvents.seq)).get()!.seq;

describe("alerts for modified, partially closed and closed signals", () => {
  it("say old → new, the part closed with its R, and the result", () => {
    const strategy = insertStrategy({ slug: "messages", name: "Messages" });
    const t0 = Date.now() - 60 * 60 * 1000;
    const signal = publishSignal(validSignalInput(strategy.id, new Date(Date.now() + 86_400_000)), null, new Date(t0));
    const at = (minutes: number) => new Date(t0 + minutes * 60_000);
    const lines = (locked: boolean) => summaryOf(deliveredEvent(latestSeq(signal.id))!, locked);

    expect(modifySignal(signal.id, { sl: 1.0825, at: at(2) }, at(2))).toMatchObject({ ok: true });
    expect(lines(false)).toEqual(["Stop loss: 1.08000 → 1.08250"]);
    const event = deliveredEvent(latestSeq(signal.id))!;
    const mail = renderSignalEmail({
      eventType: "signal.modified",
      signal: toApiSignal(event.signal, new Set([strategy.id])),
      strategyName: "Messages",
      origin: "https://fx.example",
      unsubscribeUrl: "https://fx.example/unsubscribe",
      summary: lines(false),
    });
    expect(mail.text).toContain("Stop loss: 1.08000 → 1.08250");
    expect(mail.html).toContain("<li>Stop loss: 1.08000 → 1.08250</li>");
    expect(lines(true)).toEqual(["Levels changed: stop loss"]);

    expect(partiallyCloseSignal(signal.id, { exitPrice: 1.09, fraction: 0.5, at: at(3) }, at(3))).toMatchObject({ ok: true });
    expect(lines(false)).toEqual([expect.stringMatching(/^Closed 50% at 1\.09000 \(.+\): \+1\.00 R on that part$/)]);

    expect(closeSignal(signal.id, { exitPrice: 1.095, reason: "TP2", at: at(4) }, at(4))).toMatchObject({ ok: true });
    const closed = deliveredEvent(latestSeq(signal.id))!;
    const telegram = renderTelegramMessage({
      eventType: "signal.closed",
      signal: toApiSignal(closed.signal, new Set()),
      strategyName: "Messages",
      origin: "https://fx.example",
      summary: summaryOf(closed, true),
    });
    expect(telegram).toContain("Closed: take profit 2 hit");
    expect(telegram).toMatch(/Result: \+\d+\.\d pips \(\+1\.50 R\)/);
  });
});
