import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { endSession } from "~/services/session.server";

/** POST ends the session (deletes its row) and redirects home; the navbar's Logout button posts here. */
export const action = ({ request }: ActionFunctionArgs) => endSession(request);

/** GET (a navigation or a link from anywhere) only leads to the confirmation page, whose button posts here. */
export const loader = () => redirect("/logout");
