/**
 * Toasts for news the user did not ask for, such as the live signal feed:
 * one is shown when no toast is visible, otherwise it waits until the
 * visible one closes, so it never replaces the answer to what the user just
 * did (`toast()` in ./toast.tsx). Kept out of the root bundle: only pages
 * that follow the feed load it (docs/decisions/0082-toast-queue.md).
 */
import { subscribeToToasts, toast, visibleToast, type ToastMessage } from "~/components/ui/toast";

/** How many toasts wait at most; one more drops the oldest waiting (the page lists the news anyway). */
export const MAX_QUEUED_TOASTS = 3;

const waiting: ToastMessage[] = [];
let following = false;

/** Shows the oldest waiting toast if none is visible. */
function showNext(): void {
  if (visibleToast() !== null) return;
  const next = waiting.shift();
  if (next) toast(next);
}

/**
 * Shows `message` at once when no toast is visible; otherwise it waits until
 * the visible toast and those queued before it have closed. At most
 * MAX_QUEUED_TOASTS wait.
 */
export function queueToast(message: ToastMessage): void {
  waiting.push(message);
  if (waiting.length > MAX_QUEUED_TOASTS) waiting.shift();
  if (!following) {
    subscribeToToasts(showNext);
    following = true;
  }
  showNext();
}
