/**
 * Toasts: `toast()` may be called from any client code; `<Toaster>` shows the
 * current one and also the server's flash toast, rendered inside <noscript>
 * for browsers without JavaScript. The Radix toast itself (./toast-view.tsx)
 * is loaded lazily the first time there is a toast to show, so it is not part
 * of any page's initial JavaScript.
 */
import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import { useHydrated } from "~/components/ui/use-hydrated";

export interface ToastMessage {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
}

/** A toast being shown: the message and a number unique to this showing. */
export type ToastEntry = ToastMessage & { id: number };

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

function dismiss(id: number) {
  if (current?.id === id) {
    current = null;
    emit();
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Colours of a toast by variant (shared by the Radix toast and the no-JavaScript copy). */
export const TOAST_VARIANT_CLASS = {
  default: "border-slate-200 bg-white text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-50",
  destructive: "border-red-600 bg-red-600 text-white",
};

export function Toaster({ serverToast }: { serverToast?: ToastMessage | null }) {
  const active = useSyncExternalStore(subscribe, () => current, () => null);
  const hydrated = useHydrated();

  useEffect(() => {
    if (serverToast) toast(serverToast);
  }, [serverToast]);

  return (
    <>
      {!hydrated && serverToast ? (
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
          <ToastView toast={active} onDismiss={dismiss} />
        </Suspense>
      ) : null}
    </>
  );
}
