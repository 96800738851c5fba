/** Reading the flash toast a redirect carries, the way the next page view reads it. */
import { readToast } from "~/services/toast.server";
import { expectSetCookiePair } from "./http";

/** Asserts `response` sets the `__flash` cookie and returns the toast it carries (or null). */
export async function toastOf(response: Response) {
  const flash = expectSetCookiePair(response, "__flash");
  return (await readToast(new Request("http://localhost/", { headers: { Cookie: flash } }))).toast;
}
