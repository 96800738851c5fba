/** The portal dashboard's greeting (spec section 2 "Portal dashboard"). */
import { describe, expect, it } from "vitest";
import { greetingName, portalGreeting } from "~/domain/greeting";

describe("portal greeting", () => {
  it("greets by first name, else 'Trader'", () => {
    expect(portalGreeting("Tom")).toBe("Welcome back, Tom");
    expect(portalGreeting(null)).toBe("Welcome back, Trader");
    expect(greetingName("   ")).toBe("Trader");
    expect(greetingName("  Ana ")).toBe("Ana");
  });
});
