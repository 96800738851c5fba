import type { LoaderFunctionArgs } from "@remix-run/node";
import { getOAuthAuthenticator, OAUTH_STRATEGY, UnverifiedEmailError } from "~/services/auth.server";
import { isOAuthConfigured } from "~/platform/env.server";
import { clientIp, methodNotAllowed, safeRedirect } from "~/services/http.server";
import { takeReturnTo } from "~/services/oauth-flow.server";
import { signIn } from "~/services/session.server";
import { redirectWithToast } from "~/services/toast.server";

/** Completes OAuth sign-in: exchanges the code, finds or creates the user, starts a session. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!isOAuthConfigured()) {
    return redirectWithToast(request, "/login", { title: "Sign-in failed", description: "Single sign-on is not configured.", variant: "destructive" });
  }
  try {
    const user = await (await getOAuthAuthenticator()).authenticate(OAUTH_STRATEGY, request);
    const { returnTo, setCookie } = await takeReturnTo(request);
    return signIn(request, user.id, safeRedirect(returnTo), { "Set-Cookie": setCookie }, clientIp(context));
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    const description =
      thrown instanceof UnverifiedEmailError
        ? thrown.message
        : "We could not complete sign-in with your identity provider. Please try again.";
    if (!(thrown instanceof UnverifiedEmailError)) console.error("[auth] OAuth callback failed", thrown);
    return redirectWithToast(request, "/login", { title: "Sign-in failed", description, variant: "destructive" });
  }
}

export const action = () => methodNotAllowed(["GET"]);
