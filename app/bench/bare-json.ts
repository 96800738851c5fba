/**
 * The bare JSON resource route of the benchmark build only
 * (BENCH_BARE_ROUTES=1, docs/decisions/0060-bare-route-benchmark.md): the
 * baseline `npm run bench:pages` divides each /api route's time by.
 */
import { json } from "@remix-run/node";

export const loader = () => json({ ok: true });
