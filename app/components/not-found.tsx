import { Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";

/** The not-found page (spec section 2). */
export function NotFound() {
  return (
    <div className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">404 Page Not Found</h1>
      <p className="mt-4 text-slate-700 dark:text-slate-300">Did you forget to add the page to the router?</p>
      <Link to="/" className={buttonClass("default", "md", "mt-8")}>
        Back to home
      </Link>
    </div>
  );
}
