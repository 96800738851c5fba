/**
 * The unverified-address banner in its own chunk: only a signed-in user whose
 * address is not verified renders it (and so loads it); everyone else's pages
 * do not carry it. Rendered on the server, hydrated once its chunk has loaded.
 */
import type { ComponentProps } from "react";
import type { VerifyEmailBanner } from "~/components/auth/verify-email-banner";
import * as eager from "~/components/auth/verify-email-banner.server";
import { splitComponent } from "~/components/split-component";

/** `VerifyEmailBanner` (same props), split from every page's initial JavaScript. */
export const VerifyEmailNotice = splitComponent<ComponentProps<typeof VerifyEmailBanner>>(eager.VerifyEmailBanner, () =>
  import("~/components/auth/verify-email-banner").then((module) => module.VerifyEmailBanner),
);
