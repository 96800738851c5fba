/**
 * The not-found page (spec section 2) and the error pages built the same way:
 * a centred heading, a line of text and a way back.
 */
import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import type { ReactNode } from "react";
import { buttonClass } from "~/components/ui/button";

interface PageLink {
  to: string;
  label: ReactNode;
}

/** A full-page message: heading, text and, when given, one button link. */
export function MessagePage({ title, children, link }: { title: ReactNode; children: ReactNode; link?: PageLink }) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-4 text-slate-700 dark:text-slate-300">{children}</p>
      {link ? (
        <Link to={link.to} className={buttonClass("default", "md", "mt-8")}>
          {link.label}
        </Link>
      ) : null}
    </div>
  );
}

/** The not-found page (spec section 2). */
export function NotFound() {
  return (
    <MessagePage title="404 Page Not Found" link={{ to: "/", label: "Back to home" }}>
      Did you forget to add the page to the router?
    </MessagePage>
  );
}

/**
 * The body of a route's ErrorBoundary: `notFound` for a 404 response (an
 * unknown slug), otherwise "Something went wrong" with `failed`. Errors that
 * are not responses are logged.
 */
export function RouteErrorPage({
  notFound,
  failed,
  link,
}: {
  notFound: { title: ReactNode; message: ReactNode };
  failed: ReactNode;
  link: PageLink;
}) {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <MessagePage title={notFound.title} link={link}>
        {notFound.message}
      </MessagePage>
    );
  }
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <MessagePage title="Something went wrong" link={link}>
      {failed}
    </MessagePage>
  );
}
