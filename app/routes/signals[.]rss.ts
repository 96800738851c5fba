/**
 * /signals.rss — RSS 2.0 feed of the newest `published`, `modified` and
 * `closed` ledger events, newest first, each linking to `/signals/{id}`.
 * The feed is anonymous, so it follows the ledger's locking rule for a viewer
 * entitled to nothing: while a signal is PENDING or ACTIVE its items give the
 * symbol, side, strategy and payload hash, never a level; once it has ended
 * they give the revealed levels and outcome. The channel carries the ledger
 * head (seq and hash) in its description and in a `ledger:head` element, so
 * subscribers keep dated copies of it.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { formatPrice } from "~/domain/signal-display";
import { getLedgerRoot, ledgerTreeSize } from "~/models/ledger-tree.server";
import { listFeedEvents, getLedgerHead, type FeedEvent } from "~/models/ledger.server";
import { publicOrigin } from "~/platform/env.server";
import { applySecurityHeaders } from "~/services/http.server";
import { escapeXml } from "~/domain/xml";

/** Items in the feed. */
const FEED_SIZE = 50;

/** Namespace of the feed's `ledger:head` element. */
const LEDGER_NAMESPACE = "urn:fx-trader:ledger";

const EVENT_VERBS: Record<string, string> = { published: "published", modified: "levels modified", closed: "closed" };

/** The revealed levels of an event's payload, as "Entry 1.08650 (limit) · SL …", or null when hidden. */
function revealedText({ event, signal }: FeedEvent): string | null {
  if (event.payload === null) return null;
  const payload = JSON.parse(event.payload) as Record<string, unknown>;
  const price = (value: unknown) => formatPrice(signal.symbol, typeof value === "number" ? value : null);
  const parts: string[] = [];
  if (event.type === "published") parts.push(`Entry ${price(payload.entryPrice)} (${String(payload.entryMethod)})`);
  if ("sl" in payload) parts.push(`SL ${price(payload.sl)}`);
  if ("tp1" in payload) parts.push(`TP1 ${price(payload.tp1)}`);
  if ("tp2" in payload && payload.tp2 !== null) parts.push(`TP2 ${price(payload.tp2)}`);
  if (event.type === "closed") {
    parts.push(`Exit ${price(payload.exitPrice)}${payload.reason ? ` (${String(payload.reason)})` : ""}`);
    if (signal.resultPips !== null && signal.resultR !== null) parts.push(`Result ${signal.resultPips} pips, ${signal.resultR} R`);
  }
  return parts.join(" · ");
}

/** The checkpoint right after an item's event: the tree of its first `seq` rows (null when the stored tree does not cover it yet). */
function itemCheckpoint(seq: number, treeSize: number): { treeSize: number; rootHash: string } | null {
  return seq <= treeSize ? { treeSize: seq, rootHash: getLedgerRoot(seq).toString("hex") } : null;
}

function itemXml(origin: string, item: FeedEvent, treeSize: number): string {
  const { event, signal, strategy } = item;
  const checkpoint = itemCheckpoint(event.seq, treeSize);
  const link = `${origin}/signals/${signal.id}`;
  const verb = EVENT_VERBS[event.type] ?? event.type;
  const levels = revealedText(item);
  const description = [
    `${strategy.name}: ${signal.symbol} ${signal.side} ${verb}.`,
    levels ?? "Levels are revealed when the signal ends.",
    `Ledger #${event.seq}, payload hash ${event.payloadHash}.`,
    checkpoint ? `Checkpoint after it: tree size ${checkpoint.treeSize}, root ${checkpoint.rootHash}.` : "",
  ]
    .filter(Boolean)
    .join(" ");
  return [
    "    <item>",
    `      <title>${escapeXml(`${signal.symbol} ${signal.side} ${verb} · ${strategy.name}`)}</title>`,
    `      <link>${escapeXml(link)}</link>`,
    `      <guid isPermaLink="false">${escapeXml(`${origin}/api/ledger?after=${event.seq - 1}&limit=1`)}</guid>`,
    `      <pubDate>${event.occurredAt.toUTCString()}</pubDate>`,
    `      <category>${escapeXml(strategy.name)}</category>`,
    `      <description>${escapeXml(description)}</description>`,
    ...(checkpoint ? [`      <ledger:checkpoint treeSize="${checkpoint.treeSize}" rootHash="${checkpoint.rootHash}" />`] : []),
    "    </item>",
  ].join("\n");
}

export async function loader({ request }: LoaderFunctionArgs) {
  const origin = publicOrigin(request);
  const events = listFeedEvents([], { types: ["published", "modified", "closed"], limit: FEED_SIZE });
  const head = getLedgerHead();
  const treeSize = ledgerTreeSize();
  const headText = head ? `Ledger head #${head.seq}, hash ${head.hash}.` : "The ledger is empty.";
  const headElement = head
    ? `    <ledger:head seq="${head.seq}" hash="${head.hash}" recordedAt="${head.recordedAt.toISOString()}" />\n`
    : "";
  const lastBuild = events[0]?.event.recordedAt ?? new Date();
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:ledger="${LEDGER_NAMESPACE}">
  <channel>
    <title>FX Trader Signals</title>
    <link>${escapeXml(`${origin}/performance`)}</link>
    <description>${escapeXml(
      `Signals published, modified and closed, from the public ledger; levels appear once a signal has ended. ${headText} Verify it at ${origin}/api/ledger/head.`,
    )}</description>
    <language>en-us</language>
    <lastBuildDate>${lastBuild.toUTCString()}</lastBuildDate>
    <atom:link href="${escapeXml(`${origin}/signals.rss`)}" rel="self" type="application/rss+xml" />
${headElement}${events.map((item) => itemXml(origin, item, treeSize)).join("\n")}
  </channel>
</rss>
`;
  const headers = applySecurityHeaders(
    new Headers({ "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=60" }),
  );
  return new Response(xml, { headers });
}
