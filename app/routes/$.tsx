import type { MetaFunction } from "@remix-run/node";
import { NotFound } from "~/components/not-found";

export const meta: MetaFunction = () => [{ title: "Page Not Found | FX Trader" }];

/** Any unknown path: the not-found page with status 404. */
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function CatchAll() {
  return <NotFound />;
}

export function ErrorBoundary() {
  return <NotFound />;
}
