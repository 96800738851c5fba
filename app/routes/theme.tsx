import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { themeSchema } from "~/schemas/theme";
import { handleIntent } from "~/services/form-intent.server";
import { safeRedirect } from "~/services/http.server";
import { serializeTheme } from "~/services/theme.server";

/** Saves the theme choice in a cookie and returns to the page it was made on. */
export async function action({ request }: ActionFunctionArgs) {
  return handleIntent(request, themeSchema, async ({ theme, returnTo }) =>
    redirect(safeRedirect(returnTo, "/"), {
      headers: { "Set-Cookie": await serializeTheme(theme === "dark" ? "dark" : "light") },
    }),
  );
}

export function loader() {
  return redirect("/");
}
