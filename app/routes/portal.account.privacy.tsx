/**
 * /portal/account/privacy — Account → Privacy: Download my data (a link to
 * GET /api/me/export) and Delete my account (password, and the two-factor
 * code when on). While a deletion is pending the page says when the purge is
 * due and offers to cancel it; signing in during the grace lands here.
 */
import { Alert } from "~/components/ui/form-alert";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { InputField } from "~/components/ui/native-field";
import { EXPORT_PATH, PRIVACY_COPY, PRIVACY_PATH } from "~/content/account-privacy";
import { cancelDeletion, deletionRequestedAt, DELETION_GRACE_DAYS } from "~/models/account-privacy.server";
import { isTwoFactorEnabled } from "~/models/two-factor.server";
import { privacyIntentSchema } from "~/schemas/privacy";
import { confirmDeletion } from "~/services/account-deletion.server";
import { handleIntent } from "~/services/form-intent.server";
import { requireViewer } from "~/services/session.server";

export const meta: MetaFunction = () => [{ title: "Privacy | FX Trader" }];

const ALLOW = { allowPendingConsent: true, allowPendingDeletion: true } as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireViewer(request, ALLOW);
  const requested = deletionRequestedAt(user.id);
  return json({
    twoFactor: isTwoFactorEnabled(user.id),
    purgeAt: requested ? new Date(requested.getTime() + DELETION_GRACE_DAYS * 86_400_000).toISOString() : null,
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const { user } = await requireViewer(request, ALLOW);
  return handleIntent(
    request,
    privacyIntentSchema,
    async (value) => {
      if (value.intent === "cancel-deletion") {
        cancelDeletion(user.id);
        return { redirectTo: PRIVACY_PATH, toast: { title: PRIVACY_COPY.cancelledToast } };
      }
      const outcome = await confirmDeletion(user.id, { password: value.password, code: value.code }, new Date());
      if (!outcome.ok) return { fieldErrors: { [outcome.field]: [outcome.message] } };
      return { redirectTo: "/", toast: { title: PRIVACY_COPY.scheduledToast } };
    },
    { hideFields: ["password", "code"] },
  );
}

export default function AccountPrivacy() {
  const { twoFactor, purgeAt } = useLoaderData<typeof loader>();
  const errors = useActionData<typeof action>()?.submission.error ?? {};
  // An unknown intent is the one error that belongs to no field.
  const formError = errors.intent?.[0] ?? errors[""]?.[0];
  if (purgeAt) {
    return (
      <section aria-labelledby="pending-deletion" className="rounded-xl border border-red-300 p-6 dark:border-red-800">
        <h2 id="pending-deletion" className="text-xl font-semibold">{PRIVACY_COPY.pendingTitle}</h2>
        <p className="mt-2 text-sm">
          {PRIVACY_COPY.pendingBody} <time dateTime={purgeAt}>{purgeAt.slice(0, 10)}</time>.
        </p>
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="cancel-deletion" />
          <Button type="submit">{PRIVACY_COPY.cancelButton}</Button>
        </Form>
      </section>
    );
  }
  return (
    <div className="flex flex-col gap-8">
      {formError ? <Alert>{formError}</Alert> : null}
      <section aria-labelledby="export-data" className="rounded-xl border border-slate-200 p-6 dark:border-slate-700">
        <h2 id="export-data" className="text-xl font-semibold">{PRIVACY_COPY.exportTitle}</h2>
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{PRIVACY_COPY.exportBody}</p>
        <a href={EXPORT_PATH} download className="mt-4 inline-block rounded-md bg-blue-700 px-4 py-2 text-sm font-medium text-white">
          {PRIVACY_COPY.exportButton}
        </a>
      </section>
      <section aria-labelledby="delete-account" className="rounded-xl border border-red-300 p-6 dark:border-red-800">
        <h2 id="delete-account" className="text-xl font-semibold">{PRIVACY_COPY.deleteTitle}</h2>
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{PRIVACY_COPY.deleteBody}</p>
        <Form method="post" className="mt-4 flex max-w-sm flex-col gap-4">
          <input type="hidden" name="intent" value="delete-account" />
          <InputField id="delete-password" name="password" type="password" autoComplete="current-password" label={PRIVACY_COPY.passwordLabel} error={errors.password} />
          {twoFactor ? <InputField id="delete-code" name="code" autoComplete="one-time-code" label={PRIVACY_COPY.codeLabel} error={errors.code} /> : null}
          <Button type="submit" variant="destructive">
            {PRIVACY_COPY.deleteButton}
          </Button>
        </Form>
      </section>
    </div>
  );
}
