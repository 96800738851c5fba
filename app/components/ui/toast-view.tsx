/**
 * The Radix part of the toaster, in its own chunk: `<Toaster>` (./toast.tsx)
 * loads it with React.lazy only when a toast is to be shown, so pages
 * without a toast never download Radix Toast. Spec constants: one toast at
 * a time, 5000 ms, swipe right past 50 px to dismiss, F8 focuses the region.
 */
import * as RadixToast from "@radix-ui/react-toast";
import { TOAST_VARIANT_CLASS, type ToastEntry } from "~/components/ui/toast-style";

/** Spec section 9: toast constants. */
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = ["F8"];

/**
 * Renders `toast` as a Radix toast; calls `onDismiss(toast.id)` when it
 * closes (timer, swipe, close button or Escape).
 */
export default function ToastView({ toast, onDismiss }: { toast: ToastEntry; onDismiss: (id: number) => void }) {
  return (
    <RadixToast.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      label="Notification"
    >
      <RadixToast.Root
        key={toast.id}
        data-testid="toast"
        onOpenChange={(open) => {
          if (!open) onDismiss(toast.id);
        }}
        className={`rounded-lg border p-4 pr-8 shadow-lg data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-full ${TOAST_VARIANT_CLASS[toast.variant ?? "default"]}`}
      >
        <RadixToast.Title className="font-semibold">{toast.title}</RadixToast.Title>
        {toast.description ? (
          <RadixToast.Description className="mt-1 text-sm opacity-90">{toast.description}</RadixToast.Description>
        ) : null}
        <RadixToast.Close aria-label="Close" className="absolute top-2 right-2 rounded px-1 opacity-70 hover:opacity-100">
          ×
        </RadixToast.Close>
      </RadixToast.Root>
      <RadixToast.Viewport
        hotkey={TOAST_HOTKEY}
        className="fixed right-4 bottom-4 z-50 flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2 outline-none"
      />
    </RadixToast.Provider>
  );
}
