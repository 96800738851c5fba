import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { endSession } from "~/services/session.server";

/** Ends the session (deletes its row) and redirects home. The navbar posts here; a plain navigation works too. */
export const action = ({ request }: ActionFunctionArgs) => endSession(request);
export const loader = ({ request }: LoaderFunctionArgs) => endSession(request);
