/**
 * The confirmation of a subscription change (pause, cancel, a plan choice):
 * what happens, when, and what is charged, with the form that does it. The
 * page opens it from the URL (`?confirm=…`): without JavaScript it is the
 * whole page, with JavaScript a modal dialog over the Subscription tab.
 */
import { RiskLine } from "~/components/legal/risk-line";
import { getFormProps } from "@conform-to/react";
import { Form, Link, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { type IntentReplyData, replyFormError, useIntentForm } from "~/components/portal/intent-form";
import { Button, buttonClass } from "~/components/ui/button";
import { Alert } from "~/components/ui/form-alert";
import { useHydrated } from "~/components/ui/use-hydrated";
import type { Confirmation } from "~/domain/subscription-lifecycle";
import { subscriptionIntentSchema } from "~/schemas/account";

/** A confirmation as the loader sends it: the change, its texts, and the strategies to keep from on a smaller plan. */
export interface ConfirmationView extends Confirmation {
  change: "pause" | "cancel" | "change-plan";
  plan: string | null;
  /** The strategies the user follows, oldest pick first (listed when `keep` is set). */
  picks: { id: number; name: string }[];
}

const TITLE_ID = "confirm-change-title";

function ModalDialog({ onClose, children }: { onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby={TITLE_ID}
      onClose={onClose}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-xl border border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-950/60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      {children}
    </dialog>
  );
}

function KeepPicks({ picks, keep }: { picks: ConfirmationView["picks"]; keep: number }) {
  return (
    <fieldset className="mt-4">
      <legend className="text-sm font-semibold">
        {keep === 1 ? "Strategy to keep" : `Strategies to keep (up to ${keep})`}
      </legend>
      <div className="mt-2 flex flex-col gap-2">
        {picks.map((pick, index) => (
          <label key={pick.id} className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="keep" value={pick.id} defaultChecked={index < keep} />
            {pick.name}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function ConfirmBody({ view, reply, backTo }: { view: ConfirmationView; reply: IntentReplyData; backTo: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === view.change;
  const [form] = useIntentForm(reply, { intent: view.change, schema: subscriptionIntentSchema, id: "confirm-change-form" });
  const refusal = replyFormError(reply, view.change) ?? reply?.submission.error?.keep?.[0];
  const destructive = view.change !== "change-plan";
  return (
    <div className="p-6">
      <h2 id={TITLE_ID} className="text-xl font-semibold">
        {view.title}
      </h2>
      <ul className="mt-3 flex list-disc flex-col gap-2 pl-5 text-sm">
        {view.consequences.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {view.change === "change-plan" ? <RiskLine className="mt-3" /> : null}
      <Form method="post" {...getFormProps(form)} className="mt-2">
        <input type="hidden" name="intent" value={view.change} />
        {view.plan ? <input type="hidden" name="plan" value={view.plan} /> : null}
        {view.keep !== null ? <KeepPicks picks={view.picks} keep={view.keep} /> : null}
        {refusal ? <Alert className="mt-4">{refusal}</Alert> : null}
        <div className="mt-6 flex flex-wrap gap-3">
          {view.choices.map((choice) => (
            <Button
              key={choice.label}
              type="submit"
              name={choice.timing ? "timing" : undefined}
              value={choice.timing}
              variant={destructive ? "destructive" : choice.timing === "now" ? "outline" : "default"}
              disabled={busy}
            >
              {choice.label}
            </Button>
          ))}
          <Link to={backTo} className={buttonClass("ghost")}>
            Go back
          </Link>
        </div>
      </Form>
    </div>
  );
}

/** The confirmation: a page section without JavaScript, a modal dialog (Escape or "Go back" closes it) with it. */
export function ConfirmChange({ view, reply, backTo }: { view: ConfirmationView; reply: IntentReplyData; backTo: string }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const body = <ConfirmBody view={view} reply={reply} backTo={backTo} />;
  if (!hydrated) {
    return (
      <section aria-labelledby={TITLE_ID} className="rounded-xl border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900">
        {body}
      </section>
    );
  }
  return <ModalDialog onClose={() => navigate(backTo, { replace: true, preventScrollReset: true })}>{body}</ModalDialog>;
}
