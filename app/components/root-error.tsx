/**
 * The body of the root error page: not found, a refusal, or the generic
 * "Something went wrong". In its own chunk (see ./root-error-page.tsx), as
 * only error pages need it.
 */
import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { isRefusal, MessagePage, NotFound, RefusalPage } from "~/components/not-found";

/** Renders the page for the error the root route caught (read with useRouteError). */
export function RootErrorBody() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (isRefusal(error)) return <RefusalPage refusal={error.data} link={{ to: "/", label: "Back to home" }} />;
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <MessagePage title="Something went wrong">
      An unexpected error occurred. Please try again, or contact support if it keeps happening.
    </MessagePage>
  );
}
