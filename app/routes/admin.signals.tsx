/**
 * /admin/signals — publish trading signals (spec sections 2 "Admin signals",
 * 4 "Admin signal form", 5 "Signal form", 8 toasts). Admins only: signed-out
 * visitors are sent to sign in, other users get a 403 "Access denied" page.
 *
 * The "Create New Signal" form is a native POST to this route's action, so it
 * works without JavaScript. Success follows post/redirect/get with the flash
 * toast 'Signal Created'; the form stays on the page, reset (with a fresh
 * default expiry), and the recent list reloads. Validation errors come back as
 * a 400 with Conform's reply: messages under each field, values kept. Server
 * rejections (unknown or inactive strategy, storage failure) also show at the
 * top of the form and, with JavaScript, as an 'Error' toast.
 * See docs/decisions/admin-signal-form.md.
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import {
  Form,
  isRouteErrorResponse,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
  useRouteError,
} from "@remix-run/react";
import { useEffect, useRef, useState } from "react";

import { Badge } from "~/components/ui/badge";
import { Button, buttonClass } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FormInputField, FormSelectField, FormTextareaField } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { toast } from "~/components/ui/toast";
import { formatDateTime, formatPrice, signalAge } from "~/domain/signal-display";
import { publishSignal, StrategyUnavailableError } from "~/models/admin-signals.server";
import { listSignalsForEntitlements } from "~/models/signals.server";
import { listStrategies } from "~/models/strategies.server";
import {
  defaultExpiryValue,
  ENTRY_METHODS,
  MAX_EXPIRY_DAYS,
  MAX_RATIONALE_LENGTH,
  PRICE_STEP,
  signalSchema,
  toDateTimeLocalUtc,
} from "~/schemas/signal";
import { requireAdminViewer } from "~/services/session.server";
import { redirectWithToast } from "~/services/toast.server";

export const meta: MetaFunction = ({ error }) => [
  { title: isRouteErrorResponse(error) && error.status === 403 ? "Access denied | FX Trader" : "Publish Signals | FX Trader" },
  { name: "description", content: "Publish new trading signals to subscribers." },
  { name: "robots", content: "noindex" },
];

/** Admin recent list size (spec section 9). */
const RECENT_LIMIT = 5;
const FORM_ID = "create-signal";
const FAILED_MESSAGE = "Failed to create signal";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminViewer(request);
  const now = new Date();
  const strategies = listStrategies();
  const names = new Map(strategies.map((s) => [s.id, s.name]));
  // Admins see every signal in full.
  const recent = listSignalsForEntitlements(
    strategies.map((s) => s.id),
    { limit: RECENT_LIMIT },
  ).map((signal) => ({
    ...signal,
    strategyName: names.get(signal.strategyId) ?? `Strategy ${signal.strategyId}`,
  }));
  return json(
    {
      strategies: strategies.filter((s) => s.isActive).map((s) => ({ id: s.id, name: s.name })),
      recent,
      now: now.toISOString(),
      defaultExpiresAt: defaultExpiryValue(now),
      minExpiresAt: toDateTimeLocalUtc(now),
      maxExpiresAt: toDateTimeLocalUtc(new Date(now.getTime() + MAX_EXPIRY_DAYS * 24 * 60 * 60 * 1000)),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

function formError(message: string): SubmissionResult<string[]> {
  return { status: "error", error: { "": [message] } };
}

export async function action({ request }: ActionFunctionArgs) {
  const viewer = await requireAdminViewer(request);
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    return json(formError("The form could not be read. Please submit it again."), { status: 400 });
  }
  const submission = parseWithZod(formData, { schema: signalSchema, disableAutoCoercion: true });
  if (submission.status !== "success") {
    return json(submission.reply(), { status: 400 });
  }
  try {
    publishSignal(submission.value, viewer.user.id);
  } catch (error) {
    if (error instanceof StrategyUnavailableError) {
      return json(
        submission.reply({ formErrors: [error.message], fieldErrors: { [error.field]: [error.message] } }),
        { status: 400 },
      );
    }
    console.error("[admin.signals] publishing failed", error);
    return json(submission.reply({ formErrors: [`${FAILED_MESSAGE}. Please try again.`] }), { status: 500 });
  }
  return redirectWithToast(request, "/admin/signals", {
    title: "Signal Created",
    description: "Trading signal has been published successfully",
  });
}

// ---------------------------------------------------------------------------
// Page

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

const ENTRY_METHOD_LABELS: Record<(typeof ENTRY_METHODS)[number], string> = {
  market: "Market (fill now)",
  limit: "Limit (better price)",
  stop: "Stop (breakout)",
};

export default function AdminSignals() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();

  // After a successful publish (the action redirects, so there is no action
  // data) remount the form: it resets, with the reloaded default expiry.
  const [formVersion, setFormVersion] = useState(0);
  const submitted = useRef(false);
  useEffect(() => {
    if (navigation.state === "submitting" && isOwnPost(navigation)) submitted.current = true;
    if (navigation.state === "idle" && submitted.current) {
      submitted.current = false;
      if (!actionData) setFormVersion((v) => v + 1);
    }
  }, [navigation, actionData]);

  // With JavaScript, server rejections also raise the spec's 'Error' toast.
  const toasted = useRef<unknown>(null);
  useEffect(() => {
    if (!actionData || actionData.status !== "error" || toasted.current === actionData) return;
    toasted.current = actionData;
    const message = actionData.error?.[""]?.[0];
    toast({ title: "Error", description: message || FAILED_MESSAGE, variant: "destructive" });
  }, [actionData]);

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <header className="mb-8">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-slate-50">Publish Signals</h1>
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          New signals go live immediately as ACTIVE for subscribers of the chosen strategy. All times are UTC.
        </p>
        <p className="mt-2 text-sm">
          <Link to="/admin/messages" className="font-medium text-blue-800 underline dark:text-blue-300">
            Read contact messages
          </Link>
        </p>
      </header>
      <div className="grid gap-8 lg:grid-cols-5">
        <div className="lg:col-span-3">
          <CreateSignalForm
            key={formVersion}
            formId={`${FORM_ID}-${formVersion}`}
            data={data}
            lastResult={actionData}
            busy={navigation.state !== "idle" && isOwnPost(navigation)}
          />
        </div>
        <div className="lg:col-span-2">
          <RecentSignals recent={data.recent} now={data.now} />
        </div>
      </div>
    </div>
  );
}

function isOwnPost(navigation: ReturnType<typeof useNavigation>): boolean {
  return navigation.formMethod?.toUpperCase() === "POST" && (navigation.formAction ?? "").startsWith("/admin/signals");
}

function CreateSignalForm({
  formId,
  data,
  lastResult,
  busy,
}: {
  formId: string;
  data: LoaderData;
  lastResult: SubmissionResult<string[]> | undefined;
  busy: boolean;
}) {
  const [form, fields] = useForm({
    id: formId,
    lastResult,
    constraint: getZodConstraint(signalSchema),
    defaultValue: { entryMethod: "market", expiresAt: data.defaultExpiresAt },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signalSchema, disableAutoCoercion: true }),
  });

  const priceProps = { step: PRICE_STEP, min: "0", inputMode: "decimal" as const };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Create New Signal</CardTitle>
        <CardDescription>
          For a LONG signal the stop loss sits below the entry and the take profits above it (TP1 before TP2); for a
          SHORT signal it is the other way round.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" action="/admin/signals" {...getFormProps(form)} className="flex flex-col gap-5">
          <FormAlert form={form} className="border border-red-300 dark:border-red-800" />

          {data.strategies.length === 0 ? (
            <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200">
              No strategies active. Activate a strategy before publishing signals.
            </p>
          ) : null}

          <div className="grid gap-4 sm:grid-cols-2">
            <FormSelectField field={fields.strategyId} label="Strategy">
              <option value="">Select a strategy</option>
              {data.strategies.map((s) => (
                <option key={s.id} value={String(s.id)}>
                  {s.name}
                </option>
              ))}
            </FormSelectField>
            <FormInputField
              field={fields.symbol}
              type="text"
              // The server upper-cases; don't let the browser reject "eurusd".
              pattern={undefined}
              label="Symbol"
              placeholder="EURUSD"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={12}
              hint="6 letters, e.g. EURUSD, USDJPY or XAUUSD."
            />
            <FormSelectField field={fields.side} label="Side">
              <option value="">Select side</option>
              <option value="LONG">LONG (buy)</option>
              <option value="SHORT">SHORT (sell)</option>
            </FormSelectField>
            <FormSelectField field={fields.entryMethod} label="Entry method">
              {ENTRY_METHODS.map((method) => (
                <option key={method} value={method}>
                  {ENTRY_METHOD_LABELS[method]}
                </option>
              ))}
            </FormSelectField>
          </div>

          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-2 text-sm font-semibold text-slate-900 dark:text-slate-100">
              Price levels (quote currency)
            </legend>
            <FormInputField field={fields.entryPrice} type="number" {...priceProps} label="Entry price" placeholder="1.08500" />
            <FormInputField field={fields.sl} type="number" {...priceProps} label="Stop loss (SL)" placeholder="1.08000" />
            <FormInputField field={fields.tp1} type="number" {...priceProps} label="Take profit 1 (TP1)" placeholder="1.09000" />
            <FormInputField
              field={fields.tp2}
              type="number"
              {...priceProps}
              label="Take profit 2 (TP2, optional)"
              placeholder="1.09500"
            />
          </fieldset>

          <FormInputField
            field={fields.expiresAt}
            type="datetime-local"
            label="Expires at (UTC)"
            min={data.minExpiresAt}
            max={data.maxExpiresAt}
            hint={`Entered and shown in UTC. Defaults to 24 hours from now; at most ${MAX_EXPIRY_DAYS} days ahead.`}
          />
          <FormTextareaField
            field={fields.rationale}
            label="Rationale (optional)"
            rows={4}
            maxLength={MAX_RATIONALE_LENGTH}
            placeholder="Why this trade: setup, confluence, invalidation."
            hint={`Up to ${MAX_RATIONALE_LENGTH} characters.`}
          />

          <Button type="submit" size="lg" disabled={busy} className="w-full sm:w-auto sm:self-start">
            {busy ? "Publishing..." : "Publish Signal"}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}

function RecentSignals({ recent, now }: { recent: LoaderData["recent"]; now: string }) {
  const reference = new Date(now);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Recent Signals</CardTitle>
        <CardDescription>The {RECENT_LIMIT} most recently published signals.</CardDescription>
      </CardHeader>
      <CardContent>
        {recent.length === 0 ? (
          <p className="py-6 text-center text-slate-700 dark:text-slate-300">No signals created yet</p>
        ) : (
          <ul className="flex flex-col gap-3" aria-label="Recent signals">
            {recent.map((signal) => (
              <li
                key={signal.id}
                data-testid="recent-signal"
                className="rounded-lg border border-slate-200 p-4 dark:border-slate-700"
              >
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold text-slate-900 dark:text-slate-50">{signal.symbol}</span>
                  <Badge variant={signal.side === "LONG" ? "success" : "destructive"}>{signal.side}</Badge>
                  <Badge variant={signal.status === "ACTIVE" ? "default" : "secondary"}>{signal.status}</Badge>
                  <span className="ml-auto text-xs text-slate-600 dark:text-slate-400">
                    <time dateTime={signal.createdAt} title={formatDateTime(signal.createdAt)}>
                      {signalAge(signal.createdAt, reference)}
                    </time>
                  </span>
                </div>
                <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
                  {signal.strategyName} · {signal.entryJson.method} entry
                </p>
                <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
                  <PriceItem label="Entry" value={formatPrice(signal.symbol, signal.entryPrice)} />
                  <PriceItem label="SL" value={formatPrice(signal.symbol, signal.stopLoss)} />
                  <PriceItem label="TP1" value={formatPrice(signal.symbol, signal.takeProfit1)} />
                  <PriceItem label="TP2" value={formatPrice(signal.symbol, signal.takeProfit2)} />
                </dl>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function PriceItem({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="font-medium tabular-nums text-slate-900 dark:text-slate-100">{value}</dd>
    </div>
  );
}

// ---------------------------------------------------------------------------
// Errors: 403 for signed-in non-admins (thrown by requireAdminViewer).

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 403) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-24 text-center">
        <p className="text-sm font-semibold tracking-wide text-red-700 uppercase dark:text-red-400">Error 403</p>
        <h1 className="mt-2 text-3xl font-bold text-slate-900 dark:text-slate-50">Access denied</h1>
        <p className="mt-4 text-slate-700 dark:text-slate-300">
          Publishing signals is for administrators only. If you think you should have access, contact support.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to="/dashboard" className={buttonClass("default")}>
            Go to your dashboard
          </Link>
          <Link to="/contact" className={buttonClass("outline")}>
            Contact support
          </Link>
        </div>
      </div>
    );
  }
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <div className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900 dark:text-slate-50">Something went wrong</h1>
      <p className="mt-4 text-slate-700 dark:text-slate-300">
        The signal publisher could not be loaded. Please try again, or contact support if it keeps happening.
      </p>
    </div>
  );
}
