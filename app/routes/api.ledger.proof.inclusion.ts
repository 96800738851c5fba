import type { LoaderFunctionArgs } from "@remix-run/node";
import { getInclusionProof, getLedgerLeafHash, ledgerTreeSize } from "~/models/ledger-tree.server";
import { inclusionProofSchema } from "~/schemas/api/ledger";
import { apiHandler, apiJsonOf, readOnlyAction } from "~/services/http.server";
import { treeParam } from "~/services/ledger-proofs.server";

/**
 * GET /api/ledger/proof/inclusion?seq=N&treeSize=M: the RFC 9162 §2.1.3
 * inclusion proof of ledger row N in the tree of the first M rows (M defaults
 * to the current size) as `{seq, leafIndex, treeSize, leafHash, auditPath}`.
 * 400 naming `treeSize` (below 1 or above the head) or `seq` (outside the tree). Public.
 */
export const loader = apiHandler(({ request }: LoaderFunctionArgs) => {
  const url = new URL(request.url);
  const current = ledgerTreeSize();
  const treeSize = treeParam(url, "treeSize", current, current || undefined);
  const seq = treeParam(url, "seq", treeSize);
  return apiJsonOf(inclusionProofSchema, {
    seq,
    leafIndex: seq - 1,
    treeSize,
    leafHash: getLedgerLeafHash(seq).toString("hex"),
    auditPath: getInclusionProof(seq, treeSize).map((node) => node.toString("hex")),
  });
}, { access: "public" });

export const action = readOnlyAction("public");
