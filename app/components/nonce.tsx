import { createContext, useContext } from "react";

/** Per-request CSP nonce, provided by entry.server; empty in the browser. */
export const NonceContext = createContext("");

export function useNonce(): string {
  return useContext(NonceContext);
}
