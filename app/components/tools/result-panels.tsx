/**
 * The calculators' result panels, rendered on the server and loaded as their
 * own chunks in the browser: a visit that calculates nothing does not load
 * them, and a result the server rendered (a post without JavaScript) keeps
 * its HTML until its chunk has arrived.
 */
import { splitComponent } from "~/components/split-component";
import type { PositionSizeReport } from "~/domain/position-size";
import type { RiskOfRuinReport } from "~/domain/risk-of-ruin";
import * as eager from "./result-panels.server";

export const PositionSizeResult = splitComponent<{ result: PositionSizeReport }>(eager.PositionSizeResultPanel, () =>
  import("./position-size-result").then((module) => module.PositionSizeResultPanel),
);

export const RiskOfRuinResult = splitComponent<{ result: RiskOfRuinReport }>(eager.RiskOfRuinResultPanel, () =>
  import("./risk-of-ruin-result").then((module) => module.RiskOfRuinResultPanel),
);
