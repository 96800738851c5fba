/** The strategy cards' live figures: shown from 20 closed live signals; "No live trades yet" before the first, the note that the track record starts at 20 between. */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LiveWinRate } from "~/components/live-win-rate";
import { NO_LIVE_TRADES_CARD, TRACK_RECORD_PENDING } from "~/content/live-win-rate";

const render = (trades: number, winRate: number | null) => renderToStaticMarkup(createElement(LiveWinRate, { live: { trades, winRate } }));

describe("LiveWinRate", () => {
  it("says there is no live trade yet before the first, with no figure", () => {
    expect(render(0, null)).toContain(NO_LIVE_TRADES_CARD);
    expect(render(0, null)).not.toContain("%");
  });

  it("says the track record starts after 20 closed signals from 1 to 19", () => {
    expect(render(1, 100)).toContain(TRACK_RECORD_PENDING);
    expect(render(19, 63.2)).toContain(TRACK_RECORD_PENDING);
    expect(render(19, 63.2)).not.toContain("63.2%");
  });

  it("shows the live win rate and the count from 20 closed signals", () => {
    const html = render(20, 55);
    expect(html).toContain("55%");
    expect(html).toContain(">20<");
    expect(html).not.toContain(TRACK_RECORD_PENDING);
    expect(render(34, 61.7647)).toContain("61.8%");
  });
});
