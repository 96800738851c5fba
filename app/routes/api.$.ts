import { problem } from "~/services/http.server";

const notFound = ({ request }: { request: Request }) =>
  problem(404, `No API endpoint at ${new URL(request.url).pathname}`);

/** Unknown /api paths: a 404 problem for every method. */
export const loader = notFound;
export const action = notFound;
