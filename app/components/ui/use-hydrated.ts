import { useEffect, useState } from "react";

/**
 * False during the server render and the first client render, true once
 * React has hydrated: the switch for enhancements that need JavaScript, so
 * the no-JavaScript markup matches the server's.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
