/** A link from a page to the Help Center article that explains it ("Help: how webhooks work"). */
import { Link } from "@remix-run/react";
import { helpArticlePath } from "~/content/help-paths";

/** `slug` is one of HELP_LINKS (checked against app/content/help by tests/integration/help-center.test.ts). */
export function HelpLink({ slug, label }: { slug: string; label: string }) {
  return (
    <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="help-link">
      <Link to={helpArticlePath(slug)} className="font-medium text-blue-700 underline dark:text-blue-400">
        {label}
      </Link>
    </p>
  );
}
