/**
 * The transparency-log answers of /api/ledger: the signed checkpoint, the
 * public key, inclusion and consistency proofs (docs/ledger.md). Hashes are 64
 * lowercase hex characters.
 */
import type { Checkpoint, LedgerPublicKey } from "~/domain/checkpoint";
import { isoDateTime } from "./common";
import { z } from "./zod";

const hash = z.string().regex(/^[0-9a-f]{64}$/).openapi({ example: "5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328" });
const size = (description: string) => z.number().int().min(0).openapi({ description, example: 42 });

/** `GET /api/ledger/checkpoint`. */
export const checkpointSchema: z.ZodType<Checkpoint> = z
  .object({
    treeSize: size("Ledger rows in the tree (the head seq)."),
    rootHash: hash,
    timestamp: isoDateTime.openapi({ description: "When the server signed it; not covered by the signature." }),
    keyId: z.string().regex(/^[0-9a-f]{8}$/),
    note: z.string().openapi({ description: "C2SP tlog-checkpoint body: origin, tree size, base64 root hash, each line ending in a line feed.", example: "fx.example.com/ledger\n42\nXcnaeacGWamtVZy3Ad7ZoqudgjqtL0lgz+Nw7/RgQyg=\n" }),
    signature: z.string().openapi({ description: "Base64 Ed25519 signature over the UTF-8 bytes of `note`." }),
  })
  .strict()
  .openapi({ ref: "LedgerCheckpoint" });

/** `GET /api/ledger/public-key`. */
export const ledgerPublicKeySchema: z.ZodType<LedgerPublicKey> = z
  .object({
    keyId: z.string().regex(/^[0-9a-f]{8}$/),
    algorithm: z.literal("Ed25519"),
    publicKey: z.string().openapi({ description: "Base64 of the raw 32-byte Ed25519 public key." }),
  })
  .strict()
  .openapi({ ref: "LedgerPublicKey" });

/** `GET /api/ledger/proof/inclusion`. */
export const inclusionProofSchema = z
  .object({
    seq: z.number().int().min(1),
    leafIndex: z.number().int().min(0).openapi({ description: "seq − 1." }),
    treeSize: size("The tree the proof is for."),
    leafHash: hash.openapi({ description: "SHA-256(0x00 ‖ the 32 bytes of the row's hash)." }),
    auditPath: z.array(hash).openapi({ description: "RFC 9162 §2.1.3 inclusion proof, deepest sibling first." }),
  })
  .strict()
  .openapi({ ref: "LedgerInclusionProof" });

/** `GET /api/ledger/proof/consistency`. */
export const consistencyProofSchema = z
  .object({
    from: z.number().int().min(1),
    to: z.number().int().min(1),
    proof: z.array(hash).openapi({ description: "RFC 9162 §2.1.4 consistency proof (empty when from = to)." }),
  })
  .strict()
  .openapi({ ref: "LedgerConsistencyProof" });
