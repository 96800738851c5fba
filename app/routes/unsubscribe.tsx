/**
 * /unsubscribe?token=… — one-click unsubscribe from signal emails (RFC 8058).
 * GET shows a confirmation button (mail scanners follow links, so a GET
 * changes nothing); POST, with the signed token in the URL and no cookie,
 * turns the user's email alerts off — the request mail clients send for
 * `List-Unsubscribe-Post: List-Unsubscribe=One-Click`, and the button's form.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { Alert } from "~/components/ui/form-alert";
import { UNSUBSCRIBE_PAGE } from "~/content/delivery";
import { getDeliverySettings, saveDeliverySettings } from "~/models/user-settings.server";
import { getUserById } from "~/models/users.server";
import { unsubscribeSchema } from "~/schemas/unsubscribe";
import { handleIntent } from "~/services/form-intent.server";
import { verifyUnsubscribeToken } from "~/services/mailer.server";

export const meta: MetaFunction = () => [{ title: `${UNSUBSCRIBE_PAGE.title} | FX Trader` }, { name: "robots", content: "noindex" }];

/** The user the URL's token names, or null. */
function tokenUser(request: Request): number | null {
  const userId = verifyUnsubscribeToken(new URL(request.url).searchParams.get("token"));
  return userId !== null && getUserById(userId) ? userId : null;
}

export async function loader({ request }: LoaderFunctionArgs) {
  return json({ valid: tokenUser(request) !== null }, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request }: ActionFunctionArgs) {
  return handleIntent<typeof unsubscribeSchema, true>(request, unsubscribeSchema, () => {
    const userId = tokenUser(request);
    if (userId === null) return { formErrors: [UNSUBSCRIBE_PAGE.invalid] };
    saveDeliverySettings(userId, { ...getDeliverySettings(userId), emailAlerts: false });
    return { data: true };
  });
}

export default function Unsubscribe() {
  const { valid } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <main className="mx-auto flex max-w-xl flex-col gap-4 px-4 py-16">
      <h1 className="text-3xl font-bold tracking-tight">{UNSUBSCRIBE_PAGE.title}</h1>
      {result?.data ? (
        <p role="status">{UNSUBSCRIBE_PAGE.done}</p>
      ) : !valid || result ? (
        <Alert>{UNSUBSCRIBE_PAGE.invalid}</Alert>
      ) : (
        <>
          <p>{UNSUBSCRIBE_PAGE.intro}</p>
          <Form method="post" replace>
            <Button type="submit">{UNSUBSCRIBE_PAGE.button}</Button>
          </Form>
        </>
      )}
    </main>
  );
}
