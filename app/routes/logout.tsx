/**
 * /logout: asks before signing out. A link (or GET /api/logout, which comes
 * here) cannot end the session, so another site cannot sign a user out; the
 * button posts to /api/logout, which does.
 */
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { Button, ButtonLink } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { LOGOUT_COPY } from "~/content/logout";
import { getViewer } from "~/services/session.server";

export const meta: MetaFunction = () => [{ title: LOGOUT_COPY.title }, { name: "robots", content: "noindex" }];

export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await getViewer(request);
  if (!viewer) throw redirect("/");
  return json({ name: viewer.user.firstName || viewer.user.email }, { headers: { "Cache-Control": "no-store" } });
}

export default function LogoutConfirmation() {
  const { name } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-bold">{LOGOUT_COPY.heading}</h1>
          <CardDescription>
            {LOGOUT_COPY.description} <strong>{name}</strong>. {LOGOUT_COPY.question}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Form method="post" action="/api/logout" className="flex gap-3">
            <Button type="submit">{LOGOUT_COPY.confirm}</Button>
            <ButtonLink to="/dashboard" variant="outline">
              {LOGOUT_COPY.cancel}
            </ButtonLink>
          </Form>
        </CardContent>
      </Card>
    </div>
  );
}
