import { Link } from "@remix-run/react";
import { LEGAL_PATHS } from "~/content/legal-paths";

/**
 * The sign-up form's required `acceptTerms` checkbox (value `on`), linking both documents,
 * with its error line wired through aria-describedby; `defaultChecked` keeps a tick across a refused post.
 */
export function ConsentCheckbox({ id, error, defaultChecked }: { id: string; error?: string[] | null; defaultChecked?: boolean }) {
  const message = error?.[0];
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-start gap-2">
        <input
          id={id}
          type="checkbox"
          name="acceptTerms"
          value="on"
          required
          defaultChecked={defaultChecked}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-error` : undefined}
          className="mt-1 h-4 w-4 rounded border-slate-400"
        />
        <label htmlFor={id} className="text-sm text-slate-800 dark:text-slate-200">
          I accept the{" "}
          <Link to={LEGAL_PATHS.terms} className="font-medium text-blue-700 underline dark:text-blue-400">
            Terms of Use
          </Link>{" "}
          and the{" "}
          <Link to={LEGAL_PATHS.privacy} className="font-medium text-blue-700 underline dark:text-blue-400">
            Privacy Policy
          </Link>
        </label>
      </div>
      {message ? (
        <p id={`${id}-error`} className="text-sm text-red-700 dark:text-red-400">
          {message}
        </p>
      ) : null}
    </div>
  );
}
