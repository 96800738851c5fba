/** checkStoredEvent: one stored ledger event re-hashed against its stored values and its predecessor's hash. */
import { describe, expect, it } from "vitest";
import { checkStoredEvent } from "~/domain/event-verification";
import { sealEvent } from "~/domain/ledger";

const SALT_A = "00112233445566778899aabbccddeeff";
const SALT_B = "ffeeddccbbaa99887766554433221100";
const AT = new Date("2026-11-23T09:30:00.000Z");

const first = sealEvent(null, { signalId: 1, type: "published", payload: { entryPrice: 1.085, sl: 1.08 }, occurredAt: AT, recordedAt: AT }, SALT_A);
const second = sealEvent(first, { signalId: 1, type: "triggered", payload: { fillPrice: 1.085 }, occurredAt: AT, recordedAt: AT }, SALT_B);

describe("checkStoredEvent", () => {
  it("verifies untouched events: the first against the genesis hash, the next against its predecessor", () => {
    expect(checkStoredEvent(first, null)).toEqual({ payload: true, hash: true, link: true, verified: true });
    expect(checkStoredEvent(second, first.hash)).toEqual({ payload: true, hash: true, link: true, verified: true });
  });

  it("fails the payload check for a changed payload or salt, and only that check", () => {
    expect(checkStoredEvent({ ...second, payload: '{"fillPrice":1.086}' }, first.hash)).toEqual({ payload: false, hash: true, link: true, verified: false });
    expect(checkStoredEvent({ ...second, salt: SALT_A }, first.hash).payload).toBe(false);
  });

  it("fails the hash check for a changed field, and the link for a wrong or missing predecessor", () => {
    expect(checkStoredEvent({ ...second, occurredAt: new Date(AT.getTime() + 1) }, first.hash)).toMatchObject({ hash: false, verified: false });
    expect(checkStoredEvent(second, "f".repeat(64))).toMatchObject({ link: false, verified: false });
    expect(checkStoredEvent(second, null)).toMatchObject({ link: false, verified: false });
  });

  it("never verifies a hidden payload or a malformed row, and does not throw", () => {
    expect(checkStoredEvent({ ...second, payload: null, salt: null }, first.hash)).toMatchObject({ payload: false, verified: false });
    expect(checkStoredEvent({ ...second, salt: "not-hex" }, first.hash)).toMatchObject({ payload: false, verified: false });
    expect(checkStoredEvent({ ...second, payloadHash: "xyz" }, first.hash)).toMatchObject({ payload: false, hash: false, verified: false });
  });
});
