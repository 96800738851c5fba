/**
 * "Ledger head #seq · hash (first 16 hex…) · verify": the current head of the
 * public signal ledger, for page footers, so visitors can note it and later
 * check that history was not rewritten. Links to `/api/ledger/head` (the full
 * hash) and the API docs (how to verify the chain).
 */
import { Link } from "@remix-run/react";

/** Hex digits of the head hash shown; the rest is behind the verify link. */
const SHOWN_HEX = 16;

export interface LedgerHead {
  seq: number;
  hash: string;
}

/** @param head the ledger head from `getLedgerHead()` (serialised by the loader), or null for an empty ledger. */
export function LedgerHeadNote({ head, className = "" }: { head: LedgerHead | null; className?: string }) {
  return (
    <p data-testid="ledger-head" className={`text-xs text-slate-600 dark:text-slate-400 ${className}`}>
      {head ? (
        <>
          Ledger head #{head.seq} · <code className="font-mono" title={head.hash}>{head.hash.slice(0, SHOWN_HEX)}…</code> ·{" "}
        </>
      ) : (
        "The signal ledger is empty · "
      )}
      <a href="/api/ledger/head" className="underline underline-offset-2 hover:no-underline">
        verify
      </a>{" "}
      (
      <Link to="/docs/api" className="underline underline-offset-2 hover:no-underline">
        how
      </Link>
      )
    </p>
  );
}
