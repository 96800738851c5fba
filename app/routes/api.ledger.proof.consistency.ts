import type { LoaderFunctionArgs } from "@remix-run/node";
import { getConsistencyProof, ledgerTreeSize } from "~/models/ledger-tree.server";
import { consistencyProofSchema } from "~/schemas/api/ledger";
import { apiHandler, apiJsonOf, readOnlyAction } from "~/services/http.server";
import { treeParam } from "~/services/ledger-proofs.server";

/**
 * GET /api/ledger/proof/consistency?from=M&to=N: the RFC 9162 §2.1.4 proof that
 * the tree of the first M rows is a prefix of the tree of the first N (N defaults
 * to the current size; empty when M = N) as `{from, to, proof}`. 400 naming
 * `to` (below 1 or above the head) or `from` (below 1 or above `to`). Public.
 */
export const loader = apiHandler(({ request }: LoaderFunctionArgs) => {
  const url = new URL(request.url);
  const current = ledgerTreeSize();
  const to = treeParam(url, "to", current, current || undefined);
  const from = treeParam(url, "from", to);
  return apiJsonOf(consistencyProofSchema, { from, to, proof: getConsistencyProof(from, to).map((node) => node.toString("hex")) });
}, { access: "public" });

export const action = readOnlyAction("public");
