/**
 * With JavaScript, the dashboard listens to the live feed
 * (`GET /api/signals/stream`, Server-Sent Events): each signal event shows a
 * toast (queued behind a visible one, such as the answer to what the user
 * just did) and reloads the page's data, so the new or changed signal appears in
 * the list without a reload. EventSource reconnects by itself and resumes
 * with Last-Event-ID. Without JavaScript nothing changes.
 */
import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { queueToast } from "~/components/ui/toast-queue";
import { EVENT_HEADLINES } from "~/content/delivery";
import { DELIVERY_EVENT_TYPES } from "~/domain/delivery";

/** The live feed's URL. */
export const SIGNAL_STREAM_PATH = "/api/signals/stream";

export function LiveSignalUpdates() {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource(SIGNAL_STREAM_PATH);
    const onEvent = (event: MessageEvent<string>) => {
      const data = JSON.parse(event.data) as { type: string; signal: { symbol: string; side: string }; summary?: string[] };
      const what = data.summary?.length ? ` — ${data.summary.join(" · ")}` : "";
      queueToast({ title: EVENT_HEADLINES[data.type] ?? data.type, description: `${data.signal.symbol} ${data.signal.side}${what}` });
      revalidate.current();
    };
    for (const type of DELIVERY_EVENT_TYPES) source.addEventListener(type, onEvent);
    return () => source.close();
  }, []);
  return null;
}
