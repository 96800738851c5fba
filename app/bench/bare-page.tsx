/**
 * The bare page of the benchmark build only (BENCH_BARE_ROUTES=1,
 * docs/decisions/0060-bare-route-benchmark.md): a loader returning a constant
 * and one line of text, rendered in the root layout like every page, so
 * `npm run bench:pages` can divide a page's time by the cost of the server,
 * Remix and the layout alone.
 */
import { json, type HeadersFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

export const loader = () => json({ text: "Bare page" });

/** The baseline is the cost of rendering a page, so the page cache (docs/decisions/0074-anonymous-page-cache.md) never answers it. */
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

export default function BarePage() {
  const { text } = useLoaderData<typeof loader>();
  return <p>{text}</p>;
}
