import { describe, expect, it } from "vitest";
import { callSlots, formatCallSlot, isOfferedCallSlot } from "~/domain/call-slots";

describe("callSlots", () => {
  it("offers 30-minute calls from 9:00 AM to 5:30 PM EST on weekdays, stored in UTC (winter: UTC-5)", () => {
    // Monday 23 November 2026, 06:00 in New York: the whole day is still ahead.
    const slots = callSlots(new Date("2026-11-23T11:00:00Z"), 1);
    expect(slots).toHaveLength(18);
    expect(slots[0]).toEqual({ value: "2026-11-23T14:00:00.000Z", day: "Mon, Nov 23", time: "9:00 AM EST" });
    expect(slots[1]!.value).toBe("2026-11-23T14:30:00.000Z");
    expect(slots.at(-1)).toEqual({ value: "2026-11-23T22:30:00.000Z", day: "Mon, Nov 23", time: "5:30 PM EST" });
  });

  it("shows EDT and UTC-4 in summer, from the time zone database", () => {
    const slots = callSlots(new Date("2026-07-06T10:00:00Z"), 1);
    expect(slots[0]).toEqual({ value: "2026-07-06T13:00:00.000Z", day: "Mon, Jul 6", time: "9:00 AM EDT" });
  });

  it("crosses a daylight-saving change: Friday before in EDT, Monday after in EST", () => {
    // Clocks go back on Sunday 1 November 2026.
    const slots = callSlots(new Date("2026-10-30T04:00:00Z"), 2);
    const friday = slots.find((slot) => slot.day === "Fri, Oct 30")!;
    const monday = slots.find((slot) => slot.day === "Mon, Nov 2")!;
    expect(friday).toMatchObject({ value: "2026-10-30T13:00:00.000Z", time: "9:00 AM EDT" });
    expect(monday).toMatchObject({ value: "2026-11-02T14:00:00.000Z", time: "9:00 AM EST" });
  });

  it("skips weekends and offers the next five business days", () => {
    // Saturday 28 November 2026.
    const days = [...new Set(callSlots(new Date("2026-11-28T15:00:00Z")).map((slot) => slot.day))];
    expect(days).toEqual(["Mon, Nov 30", "Tue, Dec 1", "Wed, Dec 2", "Thu, Dec 3", "Fri, Dec 4"]);
  });

  it("starts at least two hours after now", () => {
    // 10:05 AM EST: the first slot is 12:30 PM.
    const slots = callSlots(new Date("2026-11-23T15:05:00Z"), 1);
    expect(slots[0]!.time).toBe("12:30 PM EST");
    expect(slots).toHaveLength(11);
  });
});

describe("isOfferedCallSlot", () => {
  const now = new Date("2026-11-23T11:00:00Z");
  it("accepts an offered start and refuses others", () => {
    expect(isOfferedCallSlot("2026-11-23T14:30:00.000Z", now)).toBe(true);
    expect(isOfferedCallSlot("2026-11-23T14:15:00.000Z", now)).toBe(false);
    expect(isOfferedCallSlot("2026-11-23T23:00:00.000Z", now)).toBe(false);
    expect(isOfferedCallSlot("2026-11-28T15:00:00.000Z", now)).toBe(false);
    expect(isOfferedCallSlot("tomorrow", now)).toBe(false);
  });
});

describe("formatCallSlot", () => {
  it("names the New York day, time and zone", () => {
    expect(formatCallSlot(new Date("2026-11-24T14:30:00Z"))).toBe("Tue, Nov 24, 9:30 AM EST");
    expect(formatCallSlot(new Date("2026-06-02T21:00:00Z"))).toBe("Tue, Jun 2, 5:00 PM EDT");
  });
});
