import { GENESIS_HASH } from "~/domain/ledger";
import { getLedgerHead } from "~/models/ledger.server";
import { ledgerHeadSchema } from "~/schemas/api/signals";
import { apiHandler, apiJsonOf, readOnlyAction } from "~/services/http.server";

/**
 * GET /api/ledger/head: the last ledger row as `{seq, hash, recordedAt}`
 * (ISO 8601 UTC); for an empty ledger `{seq: 0, hash: 64 zeros, recordedAt: null}`. Public.
 */
export const loader = apiHandler(() => {
  const head = getLedgerHead();
  if (!head) return apiJsonOf(ledgerHeadSchema, { seq: 0, hash: GENESIS_HASH, recordedAt: null });
  return apiJsonOf(ledgerHeadSchema, { seq: head.seq, hash: head.hash, recordedAt: head.recordedAt.toISOString() });
}, { access: "public" });

export const action = readOnlyAction("public");
