/** Fixed texts of the admin signal desk (/admin/signals), in the spec's toast style (section 8). */
import type { DeskIntent } from "~/schemas/signal-transitions";

/** The flash toast after each transition succeeds, like 'Signal Created' / 'Trading signal has been published successfully'. */
export const DESK_TOASTS: Record<DeskIntent, { title: string; description: string }> = {
  trigger: { title: "Signal Triggered", description: "Trading signal has been marked as filled successfully" },
  modify: { title: "Signal Updated", description: "Trading signal levels have been updated successfully" },
  "partial-close": { title: "Signal Partially Closed", description: "Part of the trading signal has been closed successfully" },
  close: { title: "Signal Closed", description: "Trading signal has been closed successfully" },
  cancel: { title: "Signal Cancelled", description: "Trading signal has been cancelled successfully" },
};

/** Each form's heading and submit button. */
export const DESK_FORM_LABELS: Record<DeskIntent, { title: string; submit: string }> = {
  trigger: { title: "Trigger (filled)", submit: "Trigger" },
  modify: { title: "Modify levels", submit: "Save levels" },
  "partial-close": { title: "Partial close", submit: "Close part" },
  close: { title: "Close", submit: "Close signal" },
  cancel: { title: "Cancel", submit: "Cancel signal" },
};

/** Help under the optional time field of every form. */
export const BACKDATE_HINT = "Optional, UTC. Leave empty for now; it may not be before the signal's last event or in the future.";

/** How many ended (closed, cancelled, expired) signals the desk lists. */
export const DESK_ENDED_LIMIT = 10;
/** Open signals per page of the desk: its cost stays that of one page however many are open (`?before=`/`?after=` page through them). */
export const DESK_OPEN_PAGE_SIZE = 8;

/** The flash toast after the publish form succeeds (spec section 8), also answered to a repeat of the same form. */
export const SIGNAL_CREATED_TOAST = { title: "Signal Created", description: "Trading signal has been published successfully" };
