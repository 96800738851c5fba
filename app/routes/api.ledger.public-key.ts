import type { LoaderFunctionArgs } from "@remix-run/node";
import { ledgerPublicKeySchema } from "~/schemas/api/ledger";
import { apiHandler, apiJsonOf, readOnlyAction } from "~/services/http.server";
import { ledgerOrigin, ledgerPublicKey } from "~/services/ledger-checkpoint.server";

/** GET /api/ledger/public-key: `{keyId, algorithm: "Ed25519", publicKey}`, the key checkpoints are signed with (docs/ledger.md). Public. */
export const loader = apiHandler(({ request }: LoaderFunctionArgs) => {
  return apiJsonOf(ledgerPublicKeySchema, ledgerPublicKey(ledgerOrigin(request)));
}, { access: "public" });

export const action = readOnlyAction("public");
