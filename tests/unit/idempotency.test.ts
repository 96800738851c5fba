import { describe, expect, it } from "vitest";
import { decideIdempotency, IDEMPOTENCY_TTL_MS, isReplayableStatus, parseIdempotencyKey } from "~/domain/idempotency";

const now = new Date("2026-11-28T12:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms);

describe("parseIdempotencyKey", () => {
  it("takes absent as no key and accepts printable ASCII up to 255 characters", () => {
    expect(parseIdempotencyKey(null)).toEqual({ ok: true, key: null });
    expect(parseIdempotencyKey("")).toEqual({ ok: true, key: null });
    expect(parseIdempotencyKey("a b-c_1:2")).toEqual({ ok: true, key: "a b-c_1:2" });
    expect(parseIdempotencyKey("k".repeat(255))).toEqual({ ok: true, key: "k".repeat(255) });
  });

  it("refuses longer keys, control characters, non-ASCII and padding", () => {
    for (const raw of ["k".repeat(256), "a\tb", "caf\u00e9", " padded", "padded "]) {
      expect(parseIdempotencyKey(raw).ok, JSON.stringify(raw)).toBe(false);
    }
  });
});

describe("decideIdempotency", () => {
  it("proceeds with no entry or an entry 24 hours old or more", () => {
    expect(decideIdempotency(undefined, "f", now)).toBe("proceed");
    expect(decideIdempotency({ fingerprint: "other", status: 201, createdAt: ago(IDEMPOTENCY_TTL_MS) }, "f", now)).toBe("proceed");
  });

  it("replays the same request's answer, refuses another request, and holds a request without an answer", () => {
    const createdAt = ago(IDEMPOTENCY_TTL_MS - 1);
    expect(decideIdempotency({ fingerprint: "f", status: 201, createdAt }, "f", now)).toBe("replay");
    expect(decideIdempotency({ fingerprint: "f", status: 201, createdAt }, "g", now)).toBe("mismatch");
    expect(decideIdempotency({ fingerprint: "f", status: null, createdAt }, "f", now)).toBe("in-progress");
    expect(decideIdempotency({ fingerprint: "f", status: null, createdAt }, "g", now)).toBe("mismatch");
  });
});

describe("isReplayableStatus", () => {
  it("keeps every answer but the refusals a retry may pass (409, 429)", () => {
    expect([200, 201, 400, 404, 413, 500].every(isReplayableStatus)).toBe(true);
    expect([409, 429].some(isReplayableStatus)).toBe(false);
  });
});
