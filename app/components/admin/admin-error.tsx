/**
 * The ErrorBoundary body of an admin page: "Access Denied" for a 403, the
 * refusal page (its message as an alert) for a refused request such as a
 * body that is not a form, else "Something went wrong" with `failed`.
 */
import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { isRefusal, RefusalPage } from "~/components/not-found";
import { buttonClass } from "~/components/ui/button";

export function AdminErrorPage({ failed }: { failed: string }) {
  const error = useRouteError();
  const forbidden = isRouteErrorResponse(error) && error.status === 403;
  if (!forbidden && isRefusal(error)) return <RefusalPage refusal={error.data} link={{ to: "/", label: "Back to home" }} />;
  if (!forbidden && !isRouteErrorResponse(error)) console.error(error);
  return (
    <div className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">{forbidden ? "Access Denied" : "Something went wrong"}</h1>
      <p className="mt-4 text-slate-700 dark:text-slate-300">{forbidden ? "This page is for administrators only." : failed}</p>
      <Link to="/" className={buttonClass("default", "md", "mt-8")}>
        Back to home
      </Link>
    </div>
  );
}
