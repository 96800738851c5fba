/**
 * A strategy's Performance tab in its own chunk: the other tabs (the
 * overview most visitors land on) do not load the live record, its charts and
 * its sample figures. Rendered on the server, hydrated once its chunk has loaded.
 */
import type { ComponentProps } from "react";
import { splitComponent } from "~/components/split-component";
import type { PerformancePanel } from "~/components/strategies/strategy-performance-panel";
import * as eager from "~/components/strategies/strategy-performance-panel.server";

/** `PerformancePanel` (same props), split from the strategy page's initial JavaScript. */
export const PerformanceTab = splitComponent<ComponentProps<typeof PerformancePanel>>(eager.PerformancePanel, () =>
  import("~/components/strategies/strategy-performance-panel").then((module) => module.PerformancePanel),
);
