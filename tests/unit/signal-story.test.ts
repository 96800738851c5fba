/**
 * The timeline's sentences: fills, a stop moved to breakeven, a partial exit
 * with its share of R, the final close with the total R (agreeing with the
 * fold's outcome), and nothing for hidden payloads.
 */
import { describe, expect, it } from "vitest";
import { close, modify, partialClose, publish, trigger, type SignalEvent, type TransitionResult } from "~/domain/signal-lifecycle";
import { exitsText, storyLevels, storySentences } from "~/domain/signal-story";
import { eurusdLongInput } from "../support/signal-lifecycle";

const T0 = new Date("2026-11-26T08:00:00Z");
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
const NOW = at(600);

function story(events: SignalEvent[], hideFrom = Infinity) {
  return storySentences(events.map((event, index) => ({ type: event.type, occurredAt: event.occurredAt.toISOString(), payload: index >= hideFrom ? null : JSON.stringify(event.payload) })));
}

describe("storySentences", () => {
  it("tells a signal's life in words, with R per partial exit and the total at the close", () => {
    const events: SignalEvent[] = [];
    const take = (result: TransitionResult) => {
      if (!result.ok) throw new Error(result.error.message);
      events.push(result.event);
      return result.state;
    };
    let state = take(publish(eurusdLongInput(at(300), { entryMethod: "limit", entryPrice: 1.085, sl: 1.08, tp1: 1.09, tp2: 1.095 }), T0, NOW));
    state = take(trigger(state, { fillPrice: 1.085 }, at(1), NOW));
    state = take(partialClose(state, { exitPrice: 1.09, fraction: 0.5, reason: "TP1" }, at(2), NOW));
    state = take(modify(state, { sl: 1.085 }, at(2), NOW));
    state = take(close(state, { exitPrice: 1.095, reason: "TP2" }, at(3), NOW));
    expect(story(events)).toEqual([
      "Published: buy EURUSD limit at 1.08500, stop 1.08000, target 1.09000 then 1.09500",
      "Filled at 1.08500",
      "50% closed at 1.09000 (TP1), +0.50 R",
      "Stop moved 1.08000 → 1.08500 (breakeven)",
      "Closed at 1.09500 (TP2), +1.50 R total",
    ]);
    expect(state.outcome?.resultR).toBe(1.5);
    const asStory = events.map((event) => ({ type: event.type, occurredAt: event.occurredAt.toISOString(), payload: JSON.stringify(event.payload) }));
    const levels = storyLevels(asStory)!;
    expect(levels).toEqual({ originalSl: 1.08, currentSl: 1.085, exits: [{ exitPrice: 1.09, fraction: 0.5 }, { exitPrice: 1.095, fraction: 0.5 }] });
    expect(exitsText("EURUSD", levels.exits)).toBe("average of 2 exits: 1.09000 (50%), 1.09500 (50%)");
    expect(exitsText("EURUSD", levels.exits.slice(1))).toBeNull();
    expect(storyLevels(asStory.map((event, index) => (index === 4 ? { ...event, payload: null } : event)))).toBeNull();
    expect(story(events, 2)).toEqual(["Published: buy EURUSD limit at 1.08500, stop 1.08000, target 1.09000 then 1.09500", "Filled at 1.08500", null, null, null]);
  });

  it("says a loss with a minus sign and a move that is not to breakeven plainly", () => {
    const events: SignalEvent[] = [];
    const take = (result: TransitionResult) => {
      if (!result.ok) throw new Error(result.error.message);
      events.push(result.event);
      return result.state;
    };
    let state = take(publish(eurusdLongInput(at(300), { side: "SHORT", entryPrice: 1.1, sl: 1.105, tp1: 1.09 }), T0, NOW));
    state = take(modify(state, { sl: 1.104 }, at(1), NOW));
    take(close(state, { exitPrice: 1.104, reason: "SL" }, at(2), NOW));
    expect(story(events).slice(1)).toEqual(["Stop moved 1.10500 → 1.10400", "Closed at 1.10400 (SL), −0.80 R total"]);
  });
});
