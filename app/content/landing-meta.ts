/**
 * Titles and descriptions of `/`: the landing page for signed-out visitors and
 * the home page for signed-in users. Apart from ./landing.ts, whose texts the
 * page receives as loader data, so the route's JavaScript carries only these.
 */

export const LANDING_META = {
  title: "Rules-Based Forex Strategies & Signals",
  description:
    "Rules-based FX strategies on majors, minors and gold with signals, risk controls, a public tamper-evident track record, education and free tools. Start a 7-day free trial.",
};

export const HOME_META = {
  title: "Home",
  description: "Your FX Trader home: subscription status, active signals, strategy access and the latest signals at a glance.",
};
