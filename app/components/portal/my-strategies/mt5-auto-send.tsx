/**
 * "Auto-send to MT5" of one followed strategy (My Strategies → Overview): a
 * native form posting the `mt5-auto-send` intent with the opposite state, so
 * it works without JavaScript; the switch shows the state the page was loaded with
 * (or the one being submitted).
 */
import { Form, Link, useNavigation } from "@remix-run/react";
import { linkClass, muted } from "~/components/portal/styles";
import { MT5_AUTO_SEND_TEXT } from "~/content/mt5";
import { tabUrl } from "~/domain/my-strategies";

/** The toggle for strategy `strategyId` (named `strategyName`), currently `on`. */
export function Mt5AutoSendToggle({ strategyId, strategyName, on }: { strategyId: number; strategyName: string; on: boolean }) {
  const navigation = useNavigation();
  const submitting =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === "mt5-auto-send" &&
    navigation.formData.get("strategyId") === String(strategyId);
  const shown = submitting ? navigation.formData?.get("enabled") === "on" : on;
  const labelId = `mt5-auto-send-label-${strategyId}`;
  return (
    <Form method="post" action={tabUrl("overview")} className="rounded-md border border-slate-200 p-3 text-sm dark:border-slate-700">
      <input type="hidden" name="intent" value="mt5-auto-send" />
      <input type="hidden" name="strategyId" value={strategyId} />
      {on ? null : <input type="hidden" name="enabled" value="on" />}
      <div className="flex items-center justify-between gap-3">
        <span id={labelId} className="font-medium">
          {MT5_AUTO_SEND_TEXT.label}
        </span>
        <button
          type="submit"
          role="switch"
          aria-checked={shown}
          aria-labelledby={labelId}
          aria-describedby={`${labelId}-hint`}
          title={`${on ? MT5_AUTO_SEND_TEXT.turnOff : MT5_AUTO_SEND_TEXT.turnOn}: ${strategyName}`}
          disabled={submitting}
          data-testid={`mt5-auto-send-${strategyId}`}
          className={`inline-flex min-w-16 items-center justify-center rounded-full px-3 py-1 font-semibold focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 ${
            shown ? "bg-emerald-700 text-white" : "bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-100"
          }`}
        >
          {shown ? MT5_AUTO_SEND_TEXT.on : MT5_AUTO_SEND_TEXT.off}
        </button>
      </div>
      <p id={`${labelId}-hint`} className={`mt-1 ${muted}`}>
        {MT5_AUTO_SEND_TEXT.hint}{" "}
        <Link to="/portal/account/api" className={linkClass}>
          {MT5_AUTO_SEND_TEXT.setupLink}
        </Link>
      </p>
    </Form>
  );
}
