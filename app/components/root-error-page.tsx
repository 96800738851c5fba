/** The root error page's body, rendered on the server and loaded as its own chunk in the browser. */
import * as eager from "~/components/root-error.server";
import { splitComponent } from "~/components/split-component";

export const RootErrorPage = splitComponent<Record<string, never>>(eager.RootErrorBody, () =>
  import("~/components/root-error").then((module) => module.RootErrorBody),
);
