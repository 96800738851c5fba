import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { getOAuthAuthenticator, OAUTH_STRATEGY } from "~/services/auth.server";
import { isOAuthConfigured } from "~/platform/env.server";
import { methodNotAllowed, safeRedirect } from "~/services/http.server";
import { rememberReturnTo } from "~/services/oauth-flow.server";
import { getViewer } from "~/services/session.server";
import { redirectWithToast } from "~/services/toast.server";

/**
 * Starts sign-in: to the OAuth provider when one is configured, else to the
 * local /login page (or /signup with `?screen=signup`). `returnTo` must be a
 * same-site path; anything else falls back to /dashboard.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const returnTo = safeRedirect(url.searchParams.get("returnTo"));
  if (await getViewer(request)) return redirect(returnTo);
  if (!isOAuthConfigured()) {
    const screen = url.searchParams.get("screen") === "signup" ? "/signup" : "/login";
    return redirect(`${screen}?returnTo=${encodeURIComponent(returnTo)}`);
  }
  try {
    await (await getOAuthAuthenticator()).authenticate(OAUTH_STRATEGY, request);
    return redirect(returnTo);
  } catch (thrown) {
    if (thrown instanceof Response) {
      thrown.headers.append("Set-Cookie", await rememberReturnTo(request, returnTo));
      return thrown;
    }
    console.error("[auth] could not start OAuth sign-in", thrown);
    return redirectWithToast(request, `/login?returnTo=${encodeURIComponent(returnTo)}`, {
      title: "Single sign-on unavailable",
      description: "Your identity provider could not be reached. Sign in with your email and password, or try again later.",
      variant: "destructive",
    });
  }
}

export const action = () => methodNotAllowed(["GET"]);
