/** Texts of the Security tab computed from settings and counts. */
import { describe, expect, it } from "vitest";
import { groupSecret, securitySavedToast, sessionsSignedOutToast, sessionTimeoutLabel } from "~/domain/account-security";

describe("account security texts", () => {
  it("labels the allowed timeouts, and any other value in minutes", () => {
    expect(sessionTimeoutLabel(480)).toBe("8 hours");
    expect(sessionTimeoutLabel(43200)).toBe("30 days");
    expect(sessionTimeoutLabel(16)).toBe("16 minutes");
  });

  it("describes saved settings in the toast", () => {
    expect(securitySavedToast({ loginNotifications: false, sessionTimeoutMinutes: 60 })).toEqual({
      title: "Security Settings Saved",
      description: "Login notifications off; new sign-ins last 1 hour.",
    });
  });

  it("counts signed-out sessions", () => {
    expect(sessionsSignedOutToast(0).description).toBe("No other sessions were signed in.");
    expect(sessionsSignedOutToast(1).description).toBe("1 other session was signed out.");
    expect(sessionsSignedOutToast(2)).toEqual({ title: "Sessions Signed Out", description: "2 other sessions were signed out." });
  });

  it("groups a setup key in fours", () => {
    expect(groupSecret("ABCDEFGHIJ")).toBe("ABCD EFGH IJ");
    expect(groupSecret("ABCDEFGH")).toBe("ABCD EFGH");
  });
});
