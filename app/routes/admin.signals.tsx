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
 * top of the form and, with JavaScript, as an 'Error' toast. A body that is
 * not a form is refused (415/400) by `readFormData`.
 * See docs/decisions/admin-signal-form.md.
 *
 * Below the form the page is the admin's signal desk (docs/decisions/0029):
 * open signals (PENDING, ACTIVE) with one no-JS form per transition their
 * state allows (posted with `intent` and `signalId`, handled by
 * `handleIntent` with `deskSchema`), then the latest ended signals with their
 * outcome. A transition succeeds with a redirect and a flash toast; a refusal
 * (409 wrong state, 400 field, 404 unknown signal) re-renders the page with
 * the message on that signal's form. A post without `intent` is the publish
 * form (`publishFromForm`); its hidden `idempotencyKey`, drawn per render,
 * makes a double submit publish once (docs/decisions/0125-idempotency-keys.md).
 */
import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { isRouteErrorResponse, Link, useActionData, useLoaderData, useNavigation, useRouteError } from "@remix-run/react";
import { useEffect, useRef } from "react";

import { AdminSignalsError } from "~/components/admin/admin-signals-error";
import { CreateSignalForm } from "~/components/admin/create-signal-form";
import { EndedSignals } from "~/components/admin/ended-signals";
import { OpenSignals } from "~/components/admin/open-signals";
import { RecentSignals } from "~/components/admin/recent-signals";
import type { DeskReply } from "~/components/admin/transition-form";
import { useVersionAfterSuccess, type Navigation } from "~/components/admin/use-version-after-success";
import { toast } from "~/components/ui/toast";
import { DESK_ENDED_LIMIT, DESK_OPEN_PAGE_SIZE, DESK_TOASTS } from "~/content/signal-desk";
import { cancelSignal, closeSignal, listSignalsForEntitlements, modifySignal, partiallyCloseSignal, triggerSignal, type SignalChange } from "~/models/signals.server";
import { listStrategies } from "~/models/strategies.server";
import type { ApiSignal } from "~/domain/signals";
import { paginate, parseCursor, signalPosition } from "~/services/pagination.server";
import { defaultExpiryValue, MAX_EXPIRY_DAYS, toDateTimeLocalUtc } from "~/schemas/signal";
import { deskSchema, type DeskInput } from "~/schemas/signal-transitions";
import { newPublishKey, publishFromForm } from "~/services/admin-publish.server";
import { handleIntent, readFormData } from "~/services/form-intent.server";
import { requireAdminViewer } from "~/services/session.server";
import { listDriftNotices } from "~/models/projection-check.server";
import { ProjectionDriftBanner } from "~/components/admin/projection-drift-banner";
import { FeedHealth } from "~/components/admin/feed-health";
import { deskFeedHealth } from "~/services/price-feed.server";

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
  const url = new URL(request.url);
  const strategies = listStrategies();
  const names = new Map(strategies.map((s) => [s.id, s.name]));
  // Admins see every signal in full.
  const all = strategies.map((s) => s.id);
  const named = <T extends { strategyId: number }>(signal: T) => ({
    ...signal,
    strategyName: names.get(signal.strategyId) ?? `Strategy ${signal.strategyId}`,
  });
  return json(
    {
      strategies: strategies.filter((s) => s.isActive).map((s) => ({ id: s.id, name: s.name })),
      recent: listSignalsForEntitlements(all, { limit: RECENT_LIMIT }).map(named),
      open: openSignalsPage(url, all, named),
      ended: listSignalsForEntitlements(all, { statuses: ["CLOSED", "CANCELLED", "EXPIRED"], limit: DESK_ENDED_LIMIT }).map(named),
      now: now.toISOString(),
      defaultExpiresAt: defaultExpiryValue(now),
      minExpiresAt: toDateTimeLocalUtc(now),
      maxExpiresAt: toDateTimeLocalUtc(new Date(now.getTime() + MAX_EXPIRY_DAYS * 24 * 60 * 60 * 1000)),
      // A fresh key per render of the publish form: a double submit of one form publishes once.
      publishKey: newPublishKey(),
      drift: listDriftNotices(),
      feed: deskFeedHealth(now),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/**
 * One page of the open signals (PENDING, ACTIVE), newest first, at the
 * request's `?before=`/`?after=` signal id (docs/decisions/0059): the desk
 * renders DESK_OPEN_PAGE_SIZE of them, however many are open.
 * @throws Response 400 naming `before` or `after` for a cursor that is not a signal id.
 */
function openSignalsPage<T>(url: URL, strategyIds: number[], named: (signal: ApiSignal) => T) {
  const page = paginate(
    parseCursor(url, signalPosition, "signal"),
    DESK_OPEN_PAGE_SIZE,
    (keyset, limit) => listSignalsForEntitlements(strategyIds, { statuses: ["PENDING", "ACTIVE"], limit, page: keyset }),
    (signal) => ({ time: new Date(signal.createdAt), id: signal.id }),
  );
  return { signals: page.items.map(named), olderCursor: page.nextCursor, newerCursor: page.prevCursor };
}

/** Applies one desk transition through the signals model. */
function applyTransition(value: DeskInput): SignalChange {
  switch (value.intent) {
    case "trigger":
      return triggerSignal(value.signalId, { fillPrice: value.fillPrice, at: value.at });
    case "modify":
      return modifySignal(value.signalId, { sl: value.sl, tp1: value.tp1, tp2: value.tp2, at: value.at });
    case "partial-close":
      return partiallyCloseSignal(value.signalId, { exitPrice: value.exitPrice, fraction: value.fraction, at: value.at });
    case "close":
      return closeSignal(value.signalId, { exitPrice: value.exitPrice, reason: value.reason, at: value.at });
    case "cancel":
      return cancelSignal(value.signalId, { note: value.note, at: value.at });
  }
}

/** Fields a desk form has; a refusal naming anything else (`status`, `id`) is shown at the top of the form. */
const DESK_FIELDS = new Set(["fillPrice", "sl", "tp1", "tp2", "exitPrice", "fraction", "reason", "note", "at"]);

/** A lifecycle form of the desk: redirect with a toast, or the refusal on its field with its status (400, 404, 409). */
function deskAction(request: Request, formData: FormData) {
  return handleIntent(request, deskSchema, (value) => {
    const result = applyTransition(value);
    // Back to the same page of the desk (its `?before=`/`?after=`).
    if (result.ok) return { redirectTo: `/admin/signals${new URL(request.url).search}`, toast: DESK_TOASTS[value.intent] };
    return DESK_FIELDS.has(result.field)
      ? { status: result.status, fieldErrors: { [result.field]: [result.message] } }
      : { status: result.status, formErrors: [result.message] };
  }, { formData });
}

export async function action({ request }: ActionFunctionArgs) {
  const viewer = await requireAdminViewer(request);
  const formData = await readFormData(request);
  return formData.has("intent") ? deskAction(request, formData) : publishFromForm(request, formData, viewer.user.id);
}

export default function AdminSignals() {
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const navigation = useNavigation();
  // Every reply is handleIntent's: a desk form's names its intent; the publish form has none ("").
  const deskReply = reply && reply.intent !== "" ? (reply as DeskReply) : undefined;
  const actionData = reply && reply.intent === "" ? (reply.submission as SubmissionResult<string[]>) : undefined;

  // After a successful post remount its forms: they reset, with the reloaded
  // defaults (the publish form's expiry, the desk's current levels).
  const formVersion = useVersionAfterSuccess(isOwnPost, actionData);
  const deskVersion = useVersionAfterSuccess(isDeskPost, deskReply);

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
      <ProjectionDriftBanner drift={data.drift} />
      <header className="mb-8">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-slate-50">Publish Signals</h1>
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          A market entry goes live at once as ACTIVE; a limit or stop entry waits as Pending until it is triggered. All
          times are UTC.
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
          <RecentSignals recent={data.recent} now={data.now} limit={RECENT_LIMIT} />
        </div>
      </div>
      <div className="mt-8 flex flex-col gap-8">
        <FeedHealth configured={data.feed.configured} symbols={data.feed.symbols} />
        <OpenSignals key={deskVersion} page={data.open} reply={deskReply} />
        <EndedSignals signals={data.ended} limit={DESK_ENDED_LIMIT} />
      </div>
    </div>
  );
}

function isPagePost(navigation: Navigation): boolean {
  return navigation.formMethod?.toUpperCase() === "POST" && (navigation.formAction ?? "").startsWith("/admin/signals");
}

/** A post of the publish form (the desk's forms carry an `intent`). */
function isOwnPost(navigation: Navigation): boolean {
  return isPagePost(navigation) && !navigation.formData?.has("intent");
}

/** A post of one of the desk's forms. */
function isDeskPost(navigation: Navigation): boolean {
  return isPagePost(navigation) && Boolean(navigation.formData?.has("intent"));
}

export function ErrorBoundary() {
  return <AdminSignalsError error={useRouteError()} />;
}
