/** The strategy cards' live figures: shown from 20 closed signals, before that the note that the track record starts then. */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LiveWinRate } from "~/components/live-win-rate";
import { TRACK_RECORD_PENDING } from "~/content/live-win-rate";

const render = (trades: number, winRate: number | null) => renderToStaticMarkup(createElement(LiveWinRate, { live: { trades, winRate } }));

describe("LiveWinRate", () => {
  it("says the track record starts after 20 closed signals below 20", () => {
    expect(render(0, null)).toContain(TRACK_RECORD_PENDING);
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
