/**
 * The Methodology, Verification and Disclaimers tabs of /performance,
 * rendered on the server and loaded as their own chunk in the browser: the
 * page opens on the Overview, so a visit that never opens these tabs does
 * not load their texts; a tab the server rendered keeps its HTML until the
 * chunk has arrived.
 */
import { splitComponent } from "~/components/split-component";
import * as eager from "./info-panels.server";

type NoProps = Record<string, never>;

export const MethodologyTab = splitComponent<NoProps>(eager.MethodologyPanel, () =>
  import("./info-panels").then((module) => module.MethodologyPanel),
);

export const VerificationTab = splitComponent<NoProps>(eager.VerificationPanel, () =>
  import("./info-panels").then((module) => module.VerificationPanel),
);

export const DisclaimersTab = splitComponent<NoProps>(eager.DisclaimersPanel, () =>
  import("./info-panels").then((module) => module.DisclaimersPanel),
);
