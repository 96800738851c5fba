import type { LoaderFunctionArgs } from "@remix-run/node";
import { checkpointSchema } from "~/schemas/api/ledger";
import { apiHandler, apiJsonOf, readOnlyAction } from "~/services/http.server";
import { currentCheckpoint, ledgerOrigin } from "~/services/ledger-checkpoint.server";

/**
 * GET /api/ledger/checkpoint: the ledger's Merkle tree head, signed, as
 * `{treeSize, rootHash, timestamp, keyId, note, signature}` (docs/ledger.md). Keep
 * it: a later checkpoint must be consistent with it. Public.
 */
export const loader = apiHandler(({ request }: LoaderFunctionArgs) => {
  return apiJsonOf(checkpointSchema, currentCheckpoint(ledgerOrigin(request), new Date()));
}, { access: "public" });

export const action = readOnlyAction("public");
