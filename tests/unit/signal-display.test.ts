import { describe, expect, it } from "vitest";
import {
  formatDate,
  formatDateTime,
  formatShortDateTime,
  formatPrice,
  priceDecimals,
  riskBadgeVariant,
  sideTint,
  signalAge,
} from "~/domain/signal-display";

const NOW = new Date("2026-11-20T12:00:00.000Z");
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

function ago(ms: number): Date {
  return new Date(NOW.getTime() - ms);
}

describe("signalAge", () => {
  it("says 'Just now' under one minute", () => {
    expect(signalAge(ago(0), NOW)).toBe("Just now");
    expect(signalAge(ago(59 * SECOND), NOW)).toBe("Just now");
    expect(signalAge(ago(59 * SECOND + 999), NOW)).toBe("Just now");
  });

  it("counts whole minutes from one minute to under an hour", () => {
    expect(signalAge(ago(60 * SECOND), NOW)).toBe("1 min ago");
    expect(signalAge(ago(119 * SECOND), NOW)).toBe("1 min ago");
    expect(signalAge(ago(59 * MINUTE), NOW)).toBe("59 min ago");
    expect(signalAge(ago(60 * MINUTE - 1), NOW)).toBe("59 min ago");
  });

  it("counts whole hours from one hour to under 24 hours", () => {
    expect(signalAge(ago(60 * MINUTE), NOW)).toBe("1 hr ago");
    expect(signalAge(ago(2 * HOUR - 1), NOW)).toBe("1 hr ago");
    expect(signalAge(ago(23 * HOUR + 59 * MINUTE), NOW)).toBe("23 hr ago");
    expect(signalAge(ago(24 * HOUR - 1), NOW)).toBe("23 hr ago");
  });

  it("shows the date from 24 hours on", () => {
    expect(signalAge(ago(24 * HOUR), NOW)).toBe("Nov 19, 2026");
    expect(signalAge(ago(24 * HOUR), NOW)).toBe(formatDate(ago(24 * HOUR)));
    expect(signalAge(ago(30 * 24 * HOUR), NOW)).toBe("Oct 21, 2026");
  });

  it("accepts ISO strings, as loaders serialise them", () => {
    expect(signalAge(ago(5 * MINUTE).toISOString(), NOW)).toBe("5 min ago");
    expect(signalAge("2026-11-18T08:00:00.000Z", NOW)).toBe("Nov 18, 2026");
  });

  it("treats a time slightly in the future (clock skew) as 'Just now'", () => {
    expect(signalAge(new Date(NOW.getTime() + 5 * SECOND), NOW)).toBe("Just now");
  });

  it("formats dates in UTC regardless of the local zone", () => {
    expect(formatDate("2026-11-20T23:30:00.000Z")).toBe("Nov 20, 2026");
    expect(formatDateTime("2026-11-20T14:05:00.000Z")).toBe("Nov 20, 2026, 14:05 UTC");
    expect(formatShortDateTime("2026-11-21T00:05:00.000Z")).toBe("Nov 21, 00:05 UTC");
    expect(formatDateTime(new Date("2026-01-02T23:59:00.000Z"))).toBe("Jan 2, 2026, 23:59 UTC");
  });

  it("writes exactly what Intl's en-US UTC formats write, from year 1 to 9999 and around midnight", () => {
    const time = { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "UTC" } as const;
    const date = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
    const dateTime = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", ...time });
    const shortDateTime = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", ...time });
    const first = Date.parse("0001-01-01T00:00:00.000Z");
    const last = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
    const instants = [
      first,
      last,
      Date.UTC(2026, 10, 20, 23, 59, 59, 999),
      Date.UTC(2026, 10, 21, 0, 0),
      ...Array.from({ length: 3000 }, (_, index) => first + ((index * 7919 * 3_600_007 + index * 60_000) % (last - first))),
    ];
    const mismatches = instants.flatMap((instant) => {
      const value = new Date(instant);
      const pairs: Array<[string, string]> = [
        [formatDate(value), date.format(value)],
        [formatDateTime(value), `${dateTime.format(value)} UTC`],
        [formatShortDateTime(value.toISOString()), `${shortDateTime.format(value)} UTC`],
      ];
      return pairs.filter(([ours, theirs]) => ours !== theirs).map(([ours, theirs]) => `${value.toISOString()}: ${ours} != ${theirs}`);
    });
    expect(mismatches).toEqual([]);
  });

  it("throws a RangeError for an invalid date, as Intl does", () => {
    expect(() => formatDate("not a date")).toThrow(RangeError);
    expect(() => formatDateTime(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe("sideTint", () => {
  it("is green for LONG and red otherwise", () => {
    expect(sideTint("LONG")).toBe("green");
    expect(sideTint("SHORT")).toBe("red");
    expect(sideTint("")).toBe("red");
    expect(sideTint("long")).toBe("red");
  });
});

describe("riskBadgeVariant", () => {
  it("maps Conservative to secondary, Balanced to default, anything else to destructive", () => {
    expect(riskBadgeVariant("Conservative")).toBe("secondary");
    expect(riskBadgeVariant("Balanced")).toBe("default");
    expect(riskBadgeVariant("Aggressive")).toBe("destructive");
    expect(riskBadgeVariant("Speculative")).toBe("destructive");
    expect(riskBadgeVariant("")).toBe("destructive");
    expect(riskBadgeVariant("conservative")).toBe("destructive");
  });
});

describe("formatPrice", () => {
  it("uses 5 decimals for ordinary pairs", () => {
    expect(priceDecimals("EURUSD")).toBe(5);
    expect(formatPrice("EURUSD", 1.085)).toBe("1.08500");
    expect(formatPrice("GBPUSD", 1.27345)).toBe("1.27345");
  });

  it("uses 3 decimals for JPY-quoted pairs", () => {
    expect(priceDecimals("USDJPY")).toBe(3);
    expect(formatPrice("USDJPY", 151.2)).toBe("151.200");
    expect(formatPrice("gbpjpy", 190.12345)).toBe("190.123");
  });

  it("uses 2 decimals for gold and silver", () => {
    expect(priceDecimals("XAUUSD")).toBe(2);
    expect(priceDecimals("XAGUSD")).toBe(2);
    expect(formatPrice("XAUUSD", 2350.5)).toBe("2350.50");
  });

  it("shows a dash for withheld prices", () => {
    expect(formatPrice("EURUSD", null)).toBe("—");
    expect(formatPrice("EURUSD", undefined)).toBe("—");
  });
});
