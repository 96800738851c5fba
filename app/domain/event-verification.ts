/**
 * Re-checks one stored ledger event on its own (docs/ledger.md): the
 * commitment, its chain hash and its link to the event before it. Pure
 * computation over `app/domain/ledger.ts` (server-side only: it hashes with
 * `node:crypto`).
 */
import { eventHash, GENESIS_HASH, payloadHash, type LedgerRow } from "./ledger";

/** What was re-checked for one event; `verified` is true only when all three hold. */
export interface EventCheck {
  /** sha256(salt ‖ payload) equals the stored payloadHash. */
  payload: boolean;
  /** sha256 of the event's fields (prevHash, seq, type, signalId, times, payloadHash) equals the stored hash. */
  hash: boolean;
  /** The stored prevHash equals the stored hash of seq − 1 (64 zeros for seq 1). */
  link: boolean;
  verified: boolean;
}

/**
 * Re-hashes a stored event with its payload and salt (not hidden) and checks
 * it against the stored values and the previous event's stored hash.
 * @param row the stored row, payload and salt present.
 * @param previousHash the stored hash of the event with seq `row.seq - 1`; null when that row is missing (ignored for seq 1).
 * @returns each check; a malformed field (bad salt, time, hex) fails its check instead of throwing.
 */
export function checkStoredEvent(row: LedgerRow, previousHash: string | null): EventCheck {
  const payload = row.payload !== null && row.salt !== null && safely(() => payloadHash(row.salt!, row.payload!) === row.payloadHash);
  const hash = safely(() => eventHash(row) === row.hash);
  const link = row.prevHash === (row.seq === 1 ? GENESIS_HASH : previousHash);
  return { payload, hash, link, verified: payload && hash && link };
}

function safely(check: () => boolean): boolean {
  try {
    return check();
  } catch {
    return false;
  }
}
