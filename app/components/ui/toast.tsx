/**
 * Toasts: `toast()` may be called from any client code (and `queueToast()`
 * from ./toast-queue.ts, for news the user did not ask for); `<Toaster>` shows
 * the current one and also the server's flash toast, rendered inside
 * <noscript> for browsers without JavaScript (a browser that runs scripts
 * never shows it). The Radix toast itself (./toast-view.tsx) is loaded lazily
 * the first time there is a toast to show, so it is not part of any page's
 * initial JavaScript.
 */
import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";

import { TOAST_VARIANT_CLASS, type ToastEntry, type ToastMessage } from "~/components/ui/toast-style";

export type { ToastEntry, ToastMessage } from "~/components/ui/toast-style";

const ToastView = lazy(() => import("~/components/ui/toast-view"));

let current: ToastEntry | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

/** Shows `message`, replacing any toast already visible. */
export function toast(message: ToastMessage): void {
  current = { ...message, id: nextId++ };
  emit();
}

/** Closes the toast `id` if it is the one visible (its timer ran out, or the user closed it). */
export function dismissToast(id: number): void {
  if (current?.id === id) {
    current = null;
    emit();
  }
}

/** The toast visible now, or null. */
export function visibleToast(): ToastEntry | null {
  return current;
}

/** Calls `listener` whenever the visible toast changes; returns the unsubscribe function. */
export function subscribeToToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function Toaster({ serverToast }: { serverToast?: ToastMessage | null }) {
  const active = useSyncExternalStore(subscribeToToasts, visibleToast, () => null);

  useEffect(() => {
    if (serverToast) toast(serverToast);
  }, [serverToast]);

  return (
    <>
      {serverToast ? (
        <noscript>
          <div
            role="status"
            className={`fixed right-4 bottom-4 z-50 w-[min(24rem,calc(100vw-2rem))] rounded-lg border p-4 shadow-lg ${TOAST_VARIANT_CLASS[serverToast.variant ?? "default"]}`}
          >
            <p className="font-semibold">{serverToast.title}</p>
            {serverToast.description ? <p className="mt-1 text-sm opacity-90">{serverToast.description}</p> : null}
          </div>
        </noscript>
      ) : null}
      {active ? (
        <Suspense fallback={null}>
          <ToastView toast={active} onDismiss={dismissToast} />
        </Suspense>
      ) : null}
    </>
  );
}
