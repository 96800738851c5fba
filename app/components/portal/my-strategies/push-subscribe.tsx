/**
 * "Turn on push in this browser" (docs/decisions/0055-web-push.md): with
 * JavaScript, registers the service worker `/push-sw.js`, asks the browser's
 * permission, subscribes with the server's VAPID public key and posts the
 * subscription to the page's action (intent `save-push-subscription`).
 * Rendered only once hydrated: without JavaScript a browser cannot subscribe,
 * so nothing is offered that would not work.
 */
import { useSubmit } from "@remix-run/react";
import { useEffect, useState } from "react";
import { muted } from "~/components/portal/styles";
import { Button } from "~/components/ui/button";
import { PUSH_TEXTS } from "~/content/portal";
import { tabUrl } from "~/domain/my-strategies";

/** The service worker that shows the notifications. */
export const PUSH_WORKER_PATH = "/push-sw.js";

/** What the server offers: its VAPID public key (base64url) and in how many browsers the user has push on. */
export type PushSetup = { publicKey: string; browsers: number } | null;

type State = "idle" | "busy" | "unsupported" | "denied" | "failed";

function supported(): boolean {
  return typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

export function PushSubscribe({ setup }: { setup: NonNullable<PushSetup> }) {
  const submit = useSubmit();
  const [hydrated, setHydrated] = useState(false);
  const [state, setState] = useState<State>("idle");
  useEffect(() => setHydrated(true), []);
  if (!hydrated) return null;

  async function subscribe() {
    if (!supported()) return setState("unsupported");
    setState("busy");
    try {
      if ((await Notification.requestPermission()) !== "granted") return setState("denied");
      const registration = await navigator.serviceWorker.register(PUSH_WORKER_PATH);
      await navigator.serviceWorker.ready;
      const key = Uint8Array.from(atob(setup.publicKey.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
      const subscription = (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key })).toJSON();
      if (!subscription.endpoint || !subscription.keys?.p256dh || !subscription.keys.auth) return setState("failed");
      submit(
        { intent: "save-push-subscription", endpoint: subscription.endpoint, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth },
        { method: "post", action: tabUrl("settings") },
      );
      setState("idle");
    } catch {
      setState("failed");
    }
  }

  const message = state === "unsupported" ? PUSH_TEXTS.unsupported : state === "denied" ? PUSH_TEXTS.denied : state === "failed" ? PUSH_TEXTS.failed : null;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" variant="outline" size="sm" disabled={state === "busy"} onClick={() => void subscribe()}>
          {state === "busy" ? PUSH_TEXTS.enabling : PUSH_TEXTS.enable}
        </Button>
        {setup.browsers > 0 ? (
          <span className={`text-xs ${muted}`}>
            {setup.browsers === 1 ? PUSH_TEXTS.browsersOne : PUSH_TEXTS.browsersMany.replace("{n}", String(setup.browsers))}
          </span>
        ) : null}
      </div>
      {message ? (
        <p role="status" className="text-xs text-red-600">
          {message}
        </p>
      ) : null}
    </div>
  );
}
