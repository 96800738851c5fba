/**
 * Toasts on Radix Toast with the spec's constants: one visible at a time,
 * 5000 ms, swipe right past 50 px to dismiss, F8 focuses the region.
 * `toast()` may be called from any client code; `<Toaster>` also shows the
 * server's flash toast, and renders it inside <noscript> for browsers without JavaScript.
 */
import * as RadixToast from "@radix-ui/react-toast";
import { useEffect, useSyncExternalStore } from "react";
import { useHydrated } from "~/components/ui/use-hydrated";

export interface ToastMessage {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
}

/** Spec section 9: toast constants. */
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = ["F8"];

type Entry = ToastMessage & { id: number };
let current: Entry | null = null;
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

const variantClass = {
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
    <RadixToast.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      label="Notification"
    >
      {!hydrated && serverToast ? (
        <noscript>
          <div
            role="status"
            className={`fixed right-4 bottom-4 z-50 w-[min(24rem,calc(100vw-2rem))] rounded-lg border p-4 shadow-lg ${variantClass[serverToast.variant ?? "default"]}`}
          >
            <p className="font-semibold">{serverToast.title}</p>
            {serverToast.description ? <p className="mt-1 text-sm opacity-90">{serverToast.description}</p> : null}
          </div>
        </noscript>
      ) : null}
      {active ? (
        <RadixToast.Root
          key={active.id}
          data-testid="toast"
          onOpenChange={(open) => {
            if (!open) dismiss(active.id);
          }}
          className={`rounded-lg border p-4 pr-8 shadow-lg data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-full ${variantClass[active.variant ?? "default"]}`}
        >
          <RadixToast.Title className="font-semibold">{active.title}</RadixToast.Title>
          {active.description ? (
            <RadixToast.Description className="mt-1 text-sm opacity-90">{active.description}</RadixToast.Description>
          ) : null}
          <RadixToast.Close aria-label="Close" className="absolute top-2 right-2 rounded px-1 opacity-70 hover:opacity-100">
            ×
          </RadixToast.Close>
        </RadixToast.Root>
      ) : null}
      <RadixToast.Viewport
        hotkey={TOAST_HOTKEY}
        className="fixed right-4 bottom-4 z-50 flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2 outline-none"
      />
    </RadixToast.Provider>
  );
}
