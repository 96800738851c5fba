import { describe, expect, it } from "vitest";
import { describeDevice, UNKNOWN_DEVICE } from "~/domain/user-agent";
import { UA } from "../support/user-agents";

describe("describeDevice", () => {
  it("names browser with major version and operating system", () => {
    expect(describeDevice(UA.chromeMac)).toBe("Chrome 131 on macOS");
    expect(describeDevice(UA.firefoxWindows)).toBe("Firefox 133 on Windows");
    expect(describeDevice(UA.safariIphone)).toBe("Mobile Safari 17 on iOS");
    expect(describeDevice(UA.chromeAndroid)).toBe("Mobile Chrome 131 on Android");
    expect(describeDevice(UA.edgeWindows)).toBe("Edge 131 on Windows");
    expect(describeDevice(UA.firefoxLinux)).toBe("Firefox 128 on Linux");
  });

  it("falls back to 'Unknown device' for a missing, blank or unrecognised user agent", () => {
    expect(UNKNOWN_DEVICE).toBe("Unknown device");
    expect(describeDevice(null)).toBe("Unknown device");
    expect(describeDevice(undefined)).toBe("Unknown device");
    expect(describeDevice("   ")).toBe("Unknown device");
    expect(describeDevice("definitely-not-a-browser")).toBe("Unknown device");
    expect(describeDevice("curl/8.5.0")).toBe("Unknown device");
  });

  it("uses what it can recognise when only part is known", () => {
    expect(describeDevice("Mozilla/5.0 (Windows NT 10.0; Win64; x64)")).toBe("Windows");
  });
});
