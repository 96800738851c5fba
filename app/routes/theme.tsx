import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { readFormData } from "~/services/form-intent.server";
import { safeRedirect } from "~/services/http.server";
import { serializeTheme } from "~/services/theme.server";

/** Saves the theme choice in a cookie and returns to the page it was made on. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readFormData(request);
  const theme = form.get("theme") === "dark" ? "dark" : "light";
  return redirect(safeRedirect(form.get("returnTo"), "/"), {
    headers: { "Set-Cookie": await serializeTheme(theme) },
  });
}

export function loader() {
  return redirect("/");
}
