/** The Education page's side cards: certification, achievements and quick actions. */
import { Link } from "@remix-run/react";
import { muted } from "~/components/portal/styles";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { formatPercent } from "~/domain/course-progress";
import { QUICK_ACTIONS } from "~/content/portal";
import { achievements, certificationStatus } from "~/domain/education";
import { ProgressBar } from "./course-progress";

const linkClass =
  "font-medium text-blue-800 underline underline-offset-2 hover:text-blue-900 dark:text-blue-300 dark:hover:text-blue-200";

/** Where the sample learner stands against the 80% certification threshold. */
export function CertificationCard() {
  const status = certificationStatus();
  const summary = `${formatPercent(status.percent)} of the curriculum complete; certification needs ${status.thresholdPercent}%`;
  return (
    <Card role="region" aria-labelledby="certification" className="p-5" data-testid="certification-card">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="certification" className="text-lg font-semibold">
          Certification
        </h2>
        {status.eligible ? <Badge variant="success">Eligible</Badge> : <Badge variant="outline">In progress</Badge>}
      </div>
      <p className="mt-1 font-medium">{status.title}</p>
      <p className={`mt-2 text-sm ${muted}`}>Certification needs {status.thresholdPercent}% of the curriculum.</p>
      <div className="mt-4 mb-1 flex items-baseline justify-between gap-2 text-sm">
        <span id="certification-progress-label" className={muted}>
          Your progress
        </span>
        <span className="font-semibold tabular-nums">
          {formatPercent(status.percent)} / {status.thresholdPercent}%
        </span>
      </div>
      <ProgressBar percent={status.percent} labelledBy="certification-progress-label" valueText={summary} />
      <p className={`mt-3 text-sm ${muted}`} data-testid="certification-remaining">
        {status.eligible
          ? "You have completed enough of the curriculum to earn the certification."
          : `${status.lessonsToGo} more lessons to go: ${status.requiredLessons} of ${status.totalLessons} lessons needed.`}
      </p>
    </Card>
  );
}

/** The sample achievements, earned or not. */
export function Achievements() {
  const list = achievements();
  const earned = list.filter((a) => a.earned).length;
  return (
    <Card role="region" aria-labelledby="achievements" className="p-5" data-testid="achievements">
      <h2 id="achievements" className="text-lg font-semibold">
        Achievements
      </h2>
      <p className={`mt-1 text-sm ${muted}`}>
        {earned} of {list.length} earned
      </p>
      <ul className="mt-3 flex flex-col gap-3">
        {list.map((achievement) => (
          <li key={achievement.id} className="flex items-start gap-3 text-sm" data-earned={achievement.earned}>
            <span
              aria-hidden="true"
              className={`flex size-7 shrink-0 items-center justify-center rounded-full border-2 text-sm ${
                achievement.earned
                  ? "border-amber-500 bg-amber-300 text-amber-950"
                  : "border-dashed border-slate-400 text-slate-700 dark:border-slate-500 dark:text-slate-300"
              }`}
            >
              {achievement.earned ? "★" : "☆"}
            </span>
            <span className="min-w-0 flex-1">
              <span className="block font-medium">{achievement.title}</span>
              <span className={`block text-xs ${muted}`}>{achievement.description}</span>
            </span>
            <span
              className={`shrink-0 text-xs font-medium ${
                achievement.earned ? "text-green-800 dark:text-green-300" : muted
              }`}
            >
              {achievement.earned ? "Earned" : "Not yet earned"}
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** Links to the academy, calculators, insights and My Strategies. */
export function QuickActions() {
  return (
    <Card role="region" aria-labelledby="quick-actions" className="p-5" data-testid="quick-actions">
      <h2 id="quick-actions" className="text-lg font-semibold">
        Quick Actions
      </h2>
      <ul className="mt-3 flex flex-col gap-3">
        {QUICK_ACTIONS.map((action) => (
          <li key={action.to} className="text-sm">
            <Link to={action.to} className={linkClass}>
              {action.label}
            </Link>
            <span className={`block text-xs ${muted}`}>{action.description}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

