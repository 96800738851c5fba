/**
 * /tools — the position size calculator and the risk of ruin estimator
 * (spec sections 2 "Tools", 4 "Calculators" and "Risk of ruin colour", 5, 8;
 * issue 12: instruments, account currencies, costs, broker limits, margin,
 * targets, drawdown odds).
 *
 * Each calculator is a native POST form to this route's action (hidden
 * `intent` = position-size | risk-of-ruin), so it works without JavaScript.
 * The action (`calculateToolsForm`, a `.server` module so zod stays out of
 * the page's first load) is `handleIntent` on `toolsSchema` and the same
 * calculators the JSON API routes run (`sizePosition`, `analyseRiskOfRuin`):
 * a result comes back as `data`, invalid input as Conform field errors (400). With
 * JavaScript each form posts through its own fetcher, so each keeps its own
 * result. The loader reads a "Size this trade" link's query
 * (`?symbol=&entryPrice=&stopLoss=&tp1=&tp2=&riskPercent=`) to pre-fill the
 * position size form.
 */
import { HELP_LINKS, helpArticlePath } from "~/content/help-paths";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { PositionSizeCalculator } from "~/components/tools/position-size-calculator";
import { RiskOfRuinCalculator } from "~/components/tools/risk-of-ruin-calculator";
import type { ToolsReply } from "~/components/tools/use-calculator";
import { Alert } from "~/components/ui/form-alert";
import { pageMeta } from "~/domain/page-meta";
import { TOOLS_INTRO, TOOLS_META } from "~/content/tools";
import { positionSizePrefill } from "~/domain/trade-link";
import { CALCULATOR_INTENTS } from "~/schemas/calculator-intents";
import { calculateToolsForm } from "~/services/tools-form.server";

export const meta: MetaFunction = () => pageMeta(TOOLS_META.title, TOOLS_META.description);

export function loader({ request }: LoaderFunctionArgs) {
  return json({ prefill: positionSizePrefill(new URL(request.url).searchParams) });
}

export async function action({ request }: ActionFunctionArgs) {
  return calculateToolsForm(request);
}

/** The message of a post that named no calculator, if this reply answers one. */
function unknownCalculatorError(reply: ToolsReply | undefined): string | undefined {
  if (!reply || (CALCULATOR_INTENTS as readonly string[]).includes(reply.intent)) return undefined;
  return reply.submission.error?.intent?.[0] ?? reply.submission.error?.[""]?.[0];
}

export default function Tools() {
  const { prefill } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as ToolsReply | undefined;
  const unknown = unknownCalculatorError(reply);
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <header className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{TOOLS_INTRO.title}</h1>
        <p className="mt-3 text-slate-700 dark:text-slate-300">{TOOLS_INTRO.lead}</p>
        <p className="mt-2 text-sm">
          <a href={helpArticlePath(HELP_LINKS.calculators)} className="font-medium text-blue-700 underline dark:text-blue-400">
            {TOOLS_INTRO.helpLink}
          </a>
        </p>
      </header>
      {unknown ? <Alert className="mt-6">{unknown}</Alert> : null}
      <div className="mt-8 grid items-start gap-6 lg:grid-cols-2">
        <PositionSizeCalculator pageReply={reply} prefill={prefill} />
        <RiskOfRuinCalculator pageReply={reply} />
      </div>
    </div>
  );
}
