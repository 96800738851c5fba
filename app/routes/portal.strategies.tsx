/**
 * /portal/strategies — My Strategies (spec section 2 "My Strategies"; 8 empty
 * states; 9: 20 signals).
 *
 * Four tabs as links (`?tab=overview|signals|performance|settings`, default
 * overview), so each works without JavaScript:
 * - Overview: the subscription (plan, status, renewal date), cards of the
 *   strategies the viewer is entitled to, and "Choose your strategies" — a form
 *   whose plan limit the server enforces.
 * - Live Signals: the 20 latest signals of the viewer's strategies (picked or
 *   entitled); ACTIVE signals of strategies outside the plan are locked. Entitled
 *   ACTIVE ones offer Copy to Clipboard (a plain-text ticket; without JavaScript
 *   shown in a <details> block to select) and Send to MT5 (queues the signal
 *   for the viewer's Expert Advisor).
 * - Performance: each entitled strategy's figures and hypothetical sample stats.
 * - Settings: delivery toggles and the risk template.
 * Every form is a native post with a hidden `intent`; success redirects with a
 * flash toast, errors re-render with a 4xx status and a message. The action only
 * ever acts for the signed-in viewer.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import { SideBadge, StatusBadge } from "~/components/signal-list";
import { formatWinRate, RiskBadge, StrategyCard } from "~/components/strategy-card";
import { SubscriptionStatusBadge } from "~/components/subscription-status-badge";
import { Button, buttonClass } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { Alert } from "~/components/ui/form-alert";
import { LinkTabs, TabPanel, tabId, usePendingSearchParams } from "~/components/ui/link-tabs";
import { toast, type ToastMessage } from "~/components/ui/toast";
import { useHydrated } from "~/components/ui/use-hydrated";
import { PERFORMANCE_DISCLAIMER, SAMPLE_LABEL, STRATEGY_PERFORMANCE } from "~/content/strategy-performance";
import { PLAN_RULES } from "~/domain/plans";
import { formatDate, formatDateTime, formatPrice, signalAge } from "~/domain/signal-display";
import { signalTicket } from "~/domain/signal-ticket";
import { toApiSignal, type ApiSignal } from "~/domain/signals";
import { periodLabel, strategyLimitLabel } from "~/domain/subscription-lifecycle";
import { getDeliverySettings, saveDeliverySettings } from "~/models/delivery-settings.server";
import { queueSignalForMt5 } from "~/models/mt5.server";
import { listSignals } from "~/models/signals.server";
import { listStrategies, toApiStrategy } from "~/models/strategies.server";
import { chooseStrategies, getChosenStrategyIds, getEntitlements, settleSubscription } from "~/models/subscriptions.server";
import { deliverySettingsSchema, RISK_TEMPLATE_CHOICES, strategyChoiceSchema } from "~/schemas/account";
import { requireViewer } from "~/services/session.server";
import { redirectWithToast } from "~/services/toast.server";

export const meta: MetaFunction = () => [{ title: "My Strategies | FX Trader" }];

const PAGE = "/portal/strategies";

export const PORTAL_TABS = [
  { id: "overview", label: "Overview" },
  { id: "signals", label: "Live Signals" },
  { id: "performance", label: "Performance" },
  { id: "settings", label: "Settings" },
] as const;
export type PortalTab = (typeof PORTAL_TABS)[number]["id"];

/** Spec section 9: signals on My Strategies. */
export const PORTAL_SIGNALS_LIMIT = 20;

export const INACTIVE_STRATEGY_TEXT = "This strategy is currently inactive. New signals are paused.";

export const PORTAL_TOASTS = {
  strategiesSaved: (n: number) => ({
    title: "Strategies Updated",
    description: `You now follow ${n} ${n === 1 ? "strategy" : "strategies"}.`,
  }),
  sentToMt5: { title: "Sent to MT5", description: "The signal is queued for your MT5 Expert Advisor." },
  alreadyQueued: {
    title: "Already queued",
    description: "This signal is already in your MT5 queue.",
    variant: "destructive",
  },
  notAllowed: {
    title: "Cannot Send to MT5",
    description: "Only active signals of strategies in your plan can be sent to MT5.",
    variant: "destructive",
  },
  notFound: { title: "Signal Not Found", description: "That signal no longer exists.", variant: "destructive" },
  settingsSaved: { title: "Settings Saved", description: "Your delivery settings have been updated." },
} as const;

/** The tab named by `?tab=` (case-insensitive); anything else is 'overview'. */
export function parseTab(value: string | null | undefined): PortalTab {
  const lower = (value ?? "").toLowerCase();
  return PORTAL_TABS.find((t) => t.id === lower)?.id ?? "overview";
}

function tabUrl(tab: PortalTab): string {
  return `${PAGE}?tab=${tab}`;
}

/** A signal row of the Live Signals tab. */
export interface PortalSignal extends ApiSignal {
  strategyName: string;
  /** Plain-text ticket for Copy to Clipboard; only on ACTIVE signals the viewer is entitled to. */
  ticket: string | null;
  /** Copy to Clipboard and Send to MT5 are offered. */
  actionable: boolean;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireViewer(request);
  const now = new Date();
  const row = settleSubscription(user.id, now);
  const tab = parseTab(new URL(request.url).searchParams.get("tab"));
  const entitlements = getEntitlements(user, now);
  const entitled = new Set(entitlements.strategyIds);
  const catalogue = listStrategies();
  const names = new Map(catalogue.map((s) => [s.id, s.name]));
  const accessible = catalogue.filter((s) => entitled.has(s.id));
  const live = entitlements.subscription?.live ?? false;

  const subscription = row
    ? {
        planName: PLAN_RULES[row.plan].name,
        status: row.status,
        live,
        endDate: row.endDate.toISOString(),
        endText: formatDate(row.endDate),
        periodLabel: periodLabel(row),
      }
    : null;

  const choice =
    tab === "overview"
      ? {
          live,
          planName: row ? PLAN_RULES[row.plan].name : null,
          limit: row ? PLAN_RULES[row.plan].strategyLimit : null,
          limitText: row ? strategyLimitLabel(row.plan) : null,
          options: catalogue.filter((s) => s.isActive).map((s) => ({ id: s.id, name: s.name, riskClass: s.riskClass })),
          chosen: getChosenStrategyIds(user.id),
        }
      : null;

  let signals: PortalSignal[] | null = null;
  if (tab === "signals") {
    // The viewer's strategies: those picked (even beyond the plan's limit, shown locked) and those the plan grants.
    const mine = [...new Set([...getChosenStrategyIds(user.id), ...entitlements.strategyIds])].filter((id) => names.has(id));
    signals = mine
      .flatMap((strategyId) => listSignals({ limit: PORTAL_SIGNALS_LIMIT, strategyId }))
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)
      .slice(0, PORTAL_SIGNALS_LIMIT)
      .map((row) => {
        const signal = toApiSignal(row, entitled);
        const strategyName = names.get(row.strategyId) ?? "Strategy";
        const actionable = signal.status === "ACTIVE" && !signal.locked;
        return { ...signal, strategyName, actionable, ticket: actionable ? signalTicket(signal, strategyName) : null };
      });
  }

  const performance =
    tab === "performance"
      ? accessible.map((s) => {
          const sample = STRATEGY_PERFORMANCE[s.slug.toLowerCase()];
          return {
            id: s.id,
            slug: s.slug,
            name: s.name,
            riskClass: s.riskClass,
            winRate: s.winRate,
            avgDuration: s.avgDuration,
            isActive: s.isActive,
            sample: sample ? { period: sample.period, stats: sample.stats } : null,
          };
        })
      : null;

  const settings = tab === "settings" ? getDeliverySettings(user.id) : null;

  return json(
    {
      tab,
      now: now.toISOString(),
      planLabel: entitlements.planLabel,
      subscription,
      strategies: accessible.map(toApiStrategy),
      choice,
      signals,
      performance,
      settings,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

type Intent = "choose-strategies" | "send-mt5" | "save-settings";

export interface PortalActionError {
  intent: Intent | "unknown";
  /** The field the message belongs to, or 'form'. */
  field: string;
  message: string;
  /** A toast for JavaScript users (no-JS users see `message` inline). */
  toast?: ToastMessage;
  signalId?: number;
  /** The submitted values, to re-render the form as it was sent. */
  values?: { strategyIds?: number[]; settings?: Record<string, string | boolean> };
}

function failure(error: PortalActionError, status = 400) {
  return json<PortalActionError>(error, { status, headers: { "Cache-Control": "no-store" } });
}

function submittedIds(formData: FormData): number[] {
  return formData
    .getAll("strategyIds")
    .map((v) => Number(v))
    .filter((n) => Number.isSafeInteger(n));
}

export async function action({ request }: ActionFunctionArgs) {
  const { user } = await requireViewer(request);
  // Always the signed-in viewer: a user id posted with a form is never read.
  const formData = await request.formData();
  const intent = formData.get("intent");
  const now = new Date();
  settleSubscription(user.id, now);

  switch (intent) {
    case "choose-strategies": {
      const values = { strategyIds: submittedIds(formData) };
      const parsed = strategyChoiceSchema.safeParse({ strategyIds: formData.getAll("strategyIds") });
      if (!parsed.success) {
        return failure({ intent, field: "strategyIds", message: parsed.error.issues[0]?.message ?? "Choose your strategies", values });
      }
      const result = chooseStrategies(user.id, parsed.data.strategyIds, now);
      if (!result.ok) return failure({ intent, field: "strategyIds", message: result.message, values });
      return redirectWithToast(request, tabUrl("overview"), PORTAL_TOASTS.strategiesSaved(result.strategyIds.length));
    }

    case "send-mt5": {
      const signalId = Number(formData.get("signalId"));
      if (!Number.isSafeInteger(signalId) || signalId <= 0) {
        return failure({ intent, field: "signalId", message: PORTAL_TOASTS.notFound.description, toast: PORTAL_TOASTS.notFound }, 404);
      }
      const outcome = queueSignalForMt5(user, signalId, now);
      switch (outcome) {
        case "queued":
          return redirectWithToast(request, tabUrl("signals"), PORTAL_TOASTS.sentToMt5);
        case "already-queued":
          return failure(
            { intent, field: "form", signalId, message: PORTAL_TOASTS.alreadyQueued.description, toast: PORTAL_TOASTS.alreadyQueued },
            409,
          );
        case "not-allowed":
          return failure(
            { intent, field: "form", signalId, message: PORTAL_TOASTS.notAllowed.description, toast: PORTAL_TOASTS.notAllowed },
            403,
          );
        default:
          return failure(
            { intent, field: "form", signalId, message: PORTAL_TOASTS.notFound.description, toast: PORTAL_TOASTS.notFound },
            404,
          );
      }
    }

    case "save-settings": {
      const raw = Object.fromEntries(
        ["emailAlerts", "telegramAlerts", "pushAlerts", "newsBlackout", "riskTemplate"].map((k) => [k, formData.get(k) ?? undefined]),
      );
      const parsed = deliverySettingsSchema.safeParse(raw);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const settings = Object.fromEntries(
          Object.entries(raw).map(([k, v]) => [k, k === "riskTemplate" ? String(v ?? "") : v === "on"]),
        );
        return failure({
          intent,
          field: String(issue?.path[0] ?? "form"),
          message: issue?.message ?? "Check your settings",
          values: { settings },
        });
      }
      saveDeliverySettings(user.id, parsed.data);
      return redirectWithToast(request, tabUrl("settings"), PORTAL_TOASTS.settingsSaved);
    }

    default:
      return failure({ intent: "unknown", field: "form", message: "Unknown action. Reload the page and try again." });
  }
}

// ---------------------------------------------------------------------------
// UI

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;
type ActionData = ReturnType<typeof useActionData<typeof action>>;

const muted = "text-slate-700 dark:text-slate-300";
const linkClass = "font-medium text-blue-800 underline underline-offset-2 dark:text-blue-300";

const TAB_ID_PREFIX = "portal-tab";
const PANEL_ID = "portal-tabpanel";

function Tabs({ selected }: { selected: PortalTab }) {
  return (
    <LinkTabs
      label="My Strategies sections"
      tabs={PORTAL_TABS.map((tab) => ({ ...tab, to: tabUrl(tab.id) }))}
      selected={selected}
      idPrefix={TAB_ID_PREFIX}
      panelId={PANEL_ID}
      className="overflow-x-auto"
      tabClassName="px-3 py-2.5 text-sm sm:px-4"
    />
  );
}

function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 px-4 py-10 text-center dark:border-slate-600">
      <p className="font-semibold">{title}</p>
      {children ? <div className={`mt-3 text-sm ${muted}`}>{children}</div> : null}
    </div>
  );
}

// ----------------------------------------------------------------- Overview

function SubscriptionSummary({ data }: { data: LoaderData }) {
  const sub = data.subscription;
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold">Your subscription</h2>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4 sm:grid-cols-3">
          <div>
            <dt className={`text-sm font-medium ${muted}`}>Plan</dt>
            <dd className="mt-1 font-semibold">{data.planLabel}</dd>
          </div>
          <div>
            <dt className={`text-sm font-medium ${muted}`}>Status</dt>
            <dd className="mt-1">
              {sub ? (
                <SubscriptionStatusBadge status={sub.status} />
              ) : (
                <span className="font-semibold">No Active Subscription</span>
              )}
            </dd>
          </div>
          {sub ? (
            <div>
              <dt className={`text-sm font-medium ${muted}`}>{sub.periodLabel}</dt>
              <dd className="mt-1 font-semibold">
                <time dateTime={sub.endDate}>{sub.endText}</time>
              </dd>
            </div>
          ) : null}
        </dl>
        <p className="mt-4 text-sm">
          <Link to="/portal/account/subscription" className={linkClass}>
            {sub ? "Manage subscription" : "Choose a plan"}
          </Link>
        </p>
      </CardContent>
    </Card>
  );
}

function ChooseStrategies({ choice, error }: { choice: NonNullable<LoaderData["choice"]>; error: ActionData }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "choose-strategies";
  const failed = error && error.intent === "choose-strategies" ? error : null;
  const checked = new Set(failed?.values?.strategyIds ?? choice.chosen);
  const errorId = "choose-strategies-error";
  const overLimit = choice.limit !== null && choice.chosen.length > choice.limit;

  return (
    <section aria-labelledby="choose-strategies-title" className="mt-10">
      <h2 id="choose-strategies-title" className="text-xl font-semibold">
        Choose your strategies
      </h2>
      {!choice.live ? (
        <div className={`mt-3 text-sm ${muted}`}>
          <p>Choose a plan first: a subscription decides how many strategies you follow.</p>
          <p className="mt-2">
            <Link to="/portal/account/subscription" className={linkClass}>
              Choose a plan
            </Link>
          </p>
        </div>
      ) : (
        <>
          <p className={`mt-2 text-sm ${muted}`}>
            {choice.limit === null
              ? `Your ${choice.planName} plan includes every strategy. Your picks are kept in case you change plan.`
              : `Your ${choice.planName} plan includes ${choice.limitText}. Choose up to ${choice.limit}.`}
          </p>
          {overLimit ? (
            <p className="mt-2 text-sm text-amber-900 dark:text-amber-200">
              You follow more strategies than your plan includes; only{" "}
              {choice.limit === 1 ? "your first pick gets" : `your first ${choice.limit} picks get`} live signals.
            </p>
          ) : null}
          <Form method="post" action={tabUrl("overview")} className="mt-4 flex flex-col gap-4" key={[...checked].join(",")}>
            <input type="hidden" name="intent" value="choose-strategies" />
            <fieldset aria-describedby={failed ? errorId : undefined}>
              <legend className="sr-only">Strategies to follow</legend>
              <div className="grid gap-3 sm:grid-cols-3">
                {choice.options.map((option) => (
                  <label
                    key={option.id}
                    className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 p-4 has-[:checked]:border-blue-700 has-[:checked]:bg-blue-50 dark:border-slate-600 dark:has-[:checked]:border-blue-400 dark:has-[:checked]:bg-blue-950/40"
                  >
                    <input type="checkbox" name="strategyIds" value={option.id} defaultChecked={checked.has(option.id)} className="mt-1" />
                    <span>
                      <span className="block font-semibold">{option.name}</span>
                      <span className="mt-1 block">
                        <RiskBadge riskClass={option.riskClass} />
                      </span>
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
            {failed ? <Alert id={errorId}>{failed.message}</Alert> : null}
            <div>
              <Button type="submit" disabled={busy}>
                {busy ? "Saving..." : "Save Strategies"}
              </Button>
            </div>
          </Form>
        </>
      )}
    </section>
  );
}

function OverviewPanel({ data, error }: { data: LoaderData; error: ActionData }) {
  const subscribed = data.subscription?.live ?? false;
  return (
    <div>
      <SubscriptionSummary data={data} />
      <section aria-labelledby="my-strategies-title" className="mt-10">
        <h2 id="my-strategies-title" className="text-xl font-semibold">
          Strategies you can access
        </h2>
        {data.strategies.length === 0 ? (
          <div className="mt-4">
            <EmptyState title="No strategies active">
              {subscribed ? (
                <>
                  <p>Choose your strategies below, or contact us if something looks wrong.</p>
                  <Link to="/contact" className={buttonClass("outline", "md", "mt-4")}>
                    Contact Support
                  </Link>
                </>
              ) : (
                <>
                  <p>Subscribe to a plan to follow strategies and receive their live signals.</p>
                  <Link to="/pricing" className={buttonClass("default", "md", "mt-4")}>
                    Subscribe Now
                  </Link>
                </>
              )}
            </EmptyState>
          </div>
        ) : (
          <ul className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {data.strategies.map((strategy) => (
              <li key={strategy.id} className="flex flex-col gap-2">
                <StrategyCard strategy={strategy} headingLevel="h3" />
                {!strategy.isActive ? (
                  <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100">
                    {INACTIVE_STRATEGY_TEXT}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
      {data.choice ? <ChooseStrategies choice={data.choice} error={error} /> : null}
    </div>
  );
}

// ----------------------------------------------------------------- Signals

function CopyTicket({ ticket, symbol }: { ticket: string; symbol: string }) {
  const hydrated = useHydrated();
  const [fallback, setFallback] = useState(false);

  if (hydrated && !fallback && typeof navigator !== "undefined" && navigator.clipboard) {
    return (
      <Button
        variant="outline"
        size="sm"
        aria-label={`Copy ${symbol} signal to clipboard`}
        onClick={() => {
          navigator.clipboard.writeText(ticket).then(
            () => toast({ title: "Copied", description: "The signal ticket is on your clipboard." }),
            () => {
              setFallback(true);
              toast({ title: "Copy failed", description: "Select the ticket text and copy it.", variant: "destructive" });
            },
          );
        }}
      >
        Copy to Clipboard
      </Button>
    );
  }
  return (
    <details className="w-full" open={fallback || undefined}>
      <summary className={buttonClass("outline", "sm", "cursor-pointer list-none [&::-webkit-details-marker]:hidden")}>
        Copy to Clipboard
      </summary>
      <p className={`mt-2 text-xs ${muted}`}>Select the ticket and copy it:</p>
      <pre className="mt-1 overflow-x-auto rounded-md border border-slate-200 bg-slate-50 p-3 font-mono text-xs select-all dark:border-slate-700 dark:bg-slate-950">
        {ticket}
      </pre>
    </details>
  );
}

function Price({ term, symbol, value }: { term: string; symbol: string; value: number | null }) {
  return (
    <div className="min-w-0">
      <dt className={`text-xs font-medium ${muted}`}>{term}</dt>
      <dd className="font-medium tabular-nums">{formatPrice(symbol, value)}</dd>
    </div>
  );
}

function SignalsPanel({ data, error }: { data: LoaderData; error: ActionData }) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === "send-mt5" ? navigation.formData.get("signalId") : null;
  const signals = data.signals ?? [];
  const failed = error && error.intent === "send-mt5" ? error : null;

  if (signals.length === 0) {
    return (
      <EmptyState title="No Active Signals">
        {data.strategies.length === 0 ? (
          <p>
            Follow a strategy to see its signals here.{" "}
            <Link to={tabUrl("overview")} className={linkClass}>
              Choose your strategies
            </Link>
          </p>
        ) : (
          <p>Your strategies have not published signals yet.</p>
        )}
      </EmptyState>
    );
  }

  return (
    <div>
      {failed && failed.signalId === undefined ? <Alert>{failed.message}</Alert> : null}
      <ul aria-label="Signals of your strategies" className="flex flex-col gap-3">
        {signals.map((signal) => (
          <li
            key={signal.id}
            data-testid="portal-signal"
            data-side={signal.side}
            className="rounded-lg border border-slate-200 p-4 dark:border-slate-700"
          >
            <div className="flex flex-wrap items-center gap-2">
              <span className="text-base font-semibold">{signal.symbol}</span>
              <SideBadge side={signal.side} />
              <StatusBadge status={signal.status} />
              <span className={`text-sm ${muted}`}>{signal.strategyName}</span>
              <span className={`ml-auto text-sm ${muted}`}>
                <time dateTime={signal.createdAt} title={formatDateTime(signal.createdAt)}>
                  {signalAge(signal.createdAt, new Date(data.now))}
                </time>
              </span>
            </div>
            {signal.locked ? (
              <p className="mt-3 text-sm">
                <span className={muted}>Price levels are locked: this strategy is not in your current plan. </span>
                <Link to="/portal/account/subscription" className={linkClass}>
                  Change plan
                </Link>
              </p>
            ) : (
              <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
                <Price term={`Entry (${signal.entryJson.method})`} symbol={signal.symbol} value={signal.entryJson.price} />
                <Price term="SL" symbol={signal.symbol} value={signal.sl} />
                <Price term="TP1" symbol={signal.symbol} value={signal.tpJson.tp1} />
                <Price term="TP2" symbol={signal.symbol} value={signal.tpJson.tp2} />
              </dl>
            )}
            <p className={`mt-3 text-xs ${muted}`}>
              Expires <time dateTime={signal.expiresAt}>{formatDateTime(signal.expiresAt)}</time>
            </p>
            {signal.rationale ? <p className={`mt-2 text-sm ${muted}`}>{signal.rationale}</p> : null}
            {signal.actionable && signal.ticket ? (
              <div className="mt-3 flex flex-wrap items-start gap-3">
                <Form method="post" action={tabUrl("signals")} preventScrollReset>
                  <input type="hidden" name="intent" value="send-mt5" />
                  <input type="hidden" name="signalId" value={signal.id} />
                  <Button type="submit" size="sm" disabled={sending === String(signal.id)} aria-label={`Send ${signal.symbol} signal to MT5`}>
                    {sending === String(signal.id) ? "Sending..." : "Send to MT5"}
                  </Button>
                </Form>
                <CopyTicket ticket={signal.ticket} symbol={signal.symbol} />
              </div>
            ) : null}
            {failed && failed.signalId === signal.id ? (
              <div className="mt-3">
                <Alert>{failed.message}</Alert>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

// ----------------------------------------------------------------- Performance

function PerformancePanel({ data }: { data: LoaderData }) {
  const rows = data.performance ?? [];
  if (rows.length === 0) {
    return (
      <EmptyState title="No strategies active">
        <p>Performance figures appear here for the strategies in your plan.</p>
      </EmptyState>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      {rows.map((row) => (
        <Card key={row.id} aria-labelledby={`perf-${row.slug}`} role="article">
          <CardHeader>
            <div className="flex flex-wrap items-center gap-2">
              <h3 id={`perf-${row.slug}`} className="text-lg font-semibold">
                {row.name}
              </h3>
              <RiskBadge riskClass={row.riskClass} />
            </div>
            {!row.isActive ? <CardDescription>{INACTIVE_STRATEGY_TEXT}</CardDescription> : null}
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
              <div>
                <dt className={`text-sm font-medium ${muted}`}>Win rate</dt>
                <dd className="mt-1 text-xl font-bold tabular-nums">{row.winRate === null ? "Not yet published" : formatWinRate(row.winRate)}</dd>
              </div>
              <div>
                <dt className={`text-sm font-medium ${muted}`}>Risk class</dt>
                <dd className="mt-1 text-xl font-bold">{row.riskClass}</dd>
              </div>
              <div>
                <dt className={`text-sm font-medium ${muted}`}>Average duration</dt>
                <dd className="mt-1 text-xl font-bold">{row.avgDuration ?? "—"}</dd>
              </div>
            </dl>
            {row.sample ? (
              <div className="mt-6">
                <h4 className="text-sm font-semibold">
                  {row.sample.period} figures <span className={`font-normal ${muted}`}>({SAMPLE_LABEL})</span>
                </h4>
                <dl className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4">
                  {row.sample.stats.map((stat) => (
                    <div key={stat.label} className="rounded-md border border-slate-200 p-3 dark:border-slate-700">
                      <dt className={`text-xs font-medium ${muted}`}>{stat.label}</dt>
                      <dd className="mt-1 font-semibold tabular-nums">{stat.value}</dd>
                    </div>
                  ))}
                </dl>
              </div>
            ) : null}
            <p className="mt-4 text-sm">
              <Link to={`/strategies/${row.slug}?tab=performance`} className={linkClass}>
                Full performance of {row.name}
              </Link>
            </p>
          </CardContent>
        </Card>
      ))}
      <p className={`text-xs ${muted}`}>{PERFORMANCE_DISCLAIMER}</p>
    </div>
  );
}

// ----------------------------------------------------------------- Settings

const TOGGLES = [
  { name: "emailAlerts", label: "Email alerts", hint: "New signals and updates by email." },
  { name: "telegramAlerts", label: "Telegram alerts", hint: "Signals from our Telegram bot." },
  { name: "pushAlerts", label: "Push notifications", hint: "Browser push notifications." },
  { name: "newsBlackout", label: "News blackout", hint: "Hold alerts around high-impact news events." },
] as const;

const RISK_TEMPLATE_HINTS: Record<(typeof RISK_TEMPLATE_CHOICES)[number], string> = {
  Conservative: "Smaller position sizes, wider filters.",
  Balanced: "The default sizing for each strategy.",
  Aggressive: "Larger position sizes; deeper drawdowns.",
};

function SettingsPanel({ data, error }: { data: LoaderData; error: ActionData }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "save-settings";
  const failed = error && error.intent === "save-settings" ? error : null;
  const values: Record<string, string | boolean> = failed?.values?.settings ?? (data.settings as Record<string, string | boolean> | null) ?? {};
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold">Delivery settings</h2>
        <CardDescription>How your signals reach you, and the risk template used for position sizes.</CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" action={tabUrl("settings")} className="flex flex-col gap-6" key={JSON.stringify(values)}>
          <input type="hidden" name="intent" value="save-settings" />
          <fieldset>
            <legend className="text-sm font-semibold">Alerts</legend>
            <div className="mt-3 flex flex-col gap-3">
              {TOGGLES.map((toggle) => (
                <label key={toggle.name} className="flex items-start gap-3">
                  <input type="checkbox" name={toggle.name} defaultChecked={values[toggle.name] === true} className="mt-1 h-4 w-4" />
                  <span>
                    <span className="block text-sm font-medium">{toggle.label}</span>
                    <span className={`block text-xs ${muted}`}>{toggle.hint}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset aria-describedby={failed?.field === "riskTemplate" ? "risk-template-error" : undefined}>
            <legend className="text-sm font-semibold">Risk template</legend>
            <div className="mt-3 grid gap-3 sm:grid-cols-3">
              {RISK_TEMPLATE_CHOICES.map((template) => (
                <label
                  key={template}
                  className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 p-3 has-[:checked]:border-blue-700 has-[:checked]:bg-blue-50 dark:border-slate-600 dark:has-[:checked]:border-blue-400 dark:has-[:checked]:bg-blue-950/40"
                >
                  <input type="radio" name="riskTemplate" value={template} defaultChecked={values.riskTemplate === template} className="mt-1" />
                  <span>
                    <span className="block text-sm font-medium">{template}</span>
                    <span className={`block text-xs ${muted}`}>{RISK_TEMPLATE_HINTS[template]}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          {failed ? <Alert id={failed.field === "riskTemplate" ? "risk-template-error" : undefined}>{failed.message}</Alert> : null}
          <div>
            <Button type="submit" disabled={busy}>
              {busy ? "Saving..." : "Save Settings"}
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}

// ----------------------------------------------------------------- Page

export default function MyStrategies() {
  const data = useLoaderData<typeof loader>();
  const error = useActionData<typeof action>();
  const pendingSearch = usePendingSearchParams();

  // A failed MT5 send toasts for JavaScript users; everyone sees the inline message too.
  useEffect(() => {
    if (error?.toast) toast(error.toast);
  }, [error]);

  // While another tab loads, select it at once.
  const pending = pendingSearch ? parseTab(pendingSearch.get("tab")) : null;
  const selected = pending ?? data.tab;
  const ready = pending === null || pending === data.tab;

  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight">My Strategies</h1>
      <p className={`mt-2 ${muted}`}>The strategies you follow, their live signals and your delivery settings.</p>
      <div className="mt-8">
        <Tabs selected={selected} />
        <TabPanel id={PANEL_ID} labelledBy={tabId(TAB_ID_PREFIX, selected)} className="pt-6">
          {!ready ? (
            <p role="status" className={muted}>
              Loading…
            </p>
          ) : data.tab === "overview" ? (
            <OverviewPanel data={data} error={error} />
          ) : data.tab === "signals" ? (
            <SignalsPanel data={data} error={error} />
          ) : data.tab === "performance" ? (
            <PerformancePanel data={data} />
          ) : (
            <SettingsPanel data={data} error={error} />
          )}
        </TabPanel>
      </div>
    </div>
  );
}
