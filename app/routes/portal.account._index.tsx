/**
 * /portal/account — Profile (spec section 2 "Account"): first name, last name
 * and email with Save Changes, and account statistics from real data.
 *
 * A native form posted to this route's action (works without JavaScript),
 * handled by `handleIntent` with `profileSchema`, which the client (Conform)
 * validates with too.
 * Success: post/redirect/get with the 'Profile Updated' toast. Errors
 * re-render with status 400 and field messages. The action only ever changes
 * the signed-in viewer: any user id in the form is ignored.
 */
import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { FormPersonFields } from "~/components/ui/field";
import { type IntentReplyData, UnknownIntentAlert, useIntentForm } from "~/components/portal/intent-form";
import { FormAlert } from "~/components/ui/form-alert";
import { PROFILE_UPDATED_TOAST } from "~/content/account";
import { ACCOUNT_PAGES } from "~/content/account-mail";
import { formatDate } from "~/domain/signal-display";
import { accountStats, updateProfile } from "~/models/profile.server";
import { profileSchema } from "~/schemas/account";
import { requestEmailChange } from "~/services/email-change.server";
import { handleIntent } from "~/services/form-intent.server";
import { requireViewer } from "~/services/session.server";

export const meta: MetaFunction = () => [{ title: "Profile | FX Trader" }];

const PAGE = "/portal/account";

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireViewer(request);
  // accountStats reads the entitlements, which settle the subscription first.
  const stats = accountStats(user.id, new Date());
  return json(
    {
      profile: { firstName: user.firstName ?? "", lastName: user.lastName ?? "", email: user.email },
      stats: stats
        ? {
            memberSince: stats.memberSince.toISOString(),
            memberSinceText: formatDate(stats.memberSince),
            signalsReceived: stats.signalsReceived,
            strategiesFollowed: stats.strategiesFollowed,
          }
        : null,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const { user } = await requireViewer(request);
  return handleIntent(request, profileSchema, (value) => {
    // Always the signed-in viewer: a user id posted with the form is never read.
    // The names are saved now; a new address only once its link is opened (services/email-change.server.ts).
    const result = updateProfile(user.id, { ...value, email: user.email });
    if (result.ok && requestEmailChange(user, value.email, new Date())) return { toast: ACCOUNT_PAGES.emailChangeSentToast, redirectTo: PAGE };
    if (result.ok) return { toast: PROFILE_UPDATED_TOAST, redirectTo: PAGE };
    return result.code === "email-taken" ? { fieldErrors: { email: [result.message] } } : { formErrors: [result.message] };
  });
}

function Stat({ term, value, detail }: { term: string; value: string | number; detail?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <dt className="text-sm font-medium text-slate-700 dark:text-slate-300">{term}</dt>
      <dd className="mt-1 text-2xl font-bold tabular-nums">{value}</dd>
      {detail ? <dd className="mt-1 text-xs text-slate-700 dark:text-slate-300">{detail}</dd> : null}
    </div>
  );
}

export default function ProfilePage() {
  const { profile, stats } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as IntentReplyData;
  const navigation = useNavigation();
  const [form, fields] = useIntentForm(reply, { intent: "update-profile", schema: profileSchema, defaultValue: profile, constraints: true });
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "update-profile";

  return (
    <div className="grid gap-8 lg:grid-cols-3">
      <Card className="lg:col-span-2">
        <CardHeader>
          <h2 className="text-xl font-semibold">Profile</h2>
          <CardDescription>Your name and the email address you sign in with.</CardDescription>
        </CardHeader>
        <CardContent>
          <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
            <input type="hidden" name="intent" value="update-profile" />
            <FormAlert form={form} />
            <UnknownIntentAlert reply={reply} />
            <FormPersonFields fields={fields} />
            <div>
              <Button type="submit" disabled={busy}>
                {busy ? "Saving..." : "Save Changes"}
              </Button>
            </div>
          </Form>
        </CardContent>
      </Card>

      <section aria-labelledby="account-stats-title">
        <h2 id="account-stats-title" className="text-xl font-semibold">
          Account statistics
        </h2>
        {stats ? (
          <dl className="mt-4 grid gap-3">
            <Stat term="Member since" value={stats.memberSinceText} />
            <Stat term="Signals received" value={stats.signalsReceived} detail="Published on your strategies since you joined" />
            <Stat term="Strategies followed" value={stats.strategiesFollowed} />
          </dl>
        ) : null}
      </section>
    </div>
  );
}
