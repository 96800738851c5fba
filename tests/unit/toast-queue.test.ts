/**
 * One toast visible at a time: `toast` replaces the visible one at once,
 * `queueToast` waits behind it (docs/decisions/0082-toast-queue.md).
 */
import { beforeEach, describe, expect, it, vi } from "vitest";

let store: typeof import("~/components/ui/toast");
let queue: typeof import("~/components/ui/toast-queue");

beforeEach(async () => {
  vi.resetModules();
  store = await import("~/components/ui/toast");
  queue = await import("~/components/ui/toast-queue");
});

const titleShown = () => store.visibleToast()?.title ?? null;
const closeVisible = () => store.dismissToast(store.visibleToast()!.id);

describe("toast", () => {
  it("shows the message at once and replaces the visible toast", () => {
    store.toast({ title: "Auto-send On" });
    store.toast({ title: "Auto-send Off" });
    expect(titleShown()).toBe("Auto-send Off");
    closeVisible();
    expect(titleShown()).toBeNull();
  });

  it("tells subscribers when the visible toast changes, until they unsubscribe", () => {
    const listener = vi.fn();
    const unsubscribe = store.subscribeToToasts(listener);
    store.toast({ title: "Copied" });
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    closeVisible();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("ignores the dismissal of a toast that is no longer visible", () => {
    store.toast({ title: "First" });
    const first = store.visibleToast()!.id;
    store.toast({ title: "Second" });
    store.dismissToast(first);
    expect(titleShown()).toBe("Second");
  });
});

describe("queueToast", () => {
  it("shows the message at once when no toast is visible", () => {
    queue.queueToast({ title: "Signal Published", description: "EURUSD BUY" });
    expect(store.visibleToast()).toMatchObject({ title: "Signal Published", description: "EURUSD BUY" });
  });

  it("never replaces the answer to the user's action: it waits until that toast closes", () => {
    store.toast({ title: "Auto-send Off" });
    queue.queueToast({ title: "Signal Published" });
    expect(titleShown()).toBe("Auto-send Off");
    closeVisible();
    expect(titleShown()).toBe("Signal Published");
    closeVisible();
    expect(titleShown()).toBeNull();
  });

  it("shows waiting toasts oldest first, keeping only the newest MAX_QUEUED_TOASTS", () => {
    store.toast({ title: "Saved" });
    const news = Array.from({ length: queue.MAX_QUEUED_TOASTS + 2 }, (_, index) => `News ${index + 1}`);
    for (const title of news) queue.queueToast({ title });
    const shown: Array<string | null> = [];
    for (let step = 0; step <= queue.MAX_QUEUED_TOASTS; step += 1) {
      closeVisible();
      shown.push(titleShown());
    }
    expect(shown).toEqual([...news.slice(-queue.MAX_QUEUED_TOASTS), null]);
  });

  it("keeps waiting when a newer answer to the user replaces the visible toast", () => {
    store.toast({ title: "Auto-send On" });
    queue.queueToast({ title: "Signal Closed" });
    store.toast({ title: "Auto-send Off" });
    expect(titleShown()).toBe("Auto-send Off");
    closeVisible();
    expect(titleShown()).toBe("Signal Closed");
  });
});
