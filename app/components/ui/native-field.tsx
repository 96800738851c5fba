/**
 * Labelled form controls with an error line wired through aria-describedby.
 * Free of Conform, so a page whose forms are validated on the server only
 * does not load it; ./field.tsx binds the same controls to Conform fields.
 */
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";

export const controlClass =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-blue-600 aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-400";

interface FieldShellProps {
  id: string;
  label: ReactNode;
  error?: string | string[] | null;
  hint?: ReactNode;
  children: ReactNode;
}

function firstError(error: FieldShellProps["error"]): string | undefined {
  if (!error) return undefined;
  return Array.isArray(error) ? error[0] : error;
}

/** A control's error wiring: invalid and described by its error line (FieldShell's `${id}-error`) while it has an error. */
function errorAria(id: string, error: FieldShellProps["error"]) {
  const message = firstError(error);
  return { "aria-invalid": message ? true : undefined, "aria-describedby": message ? `${id}-error` : undefined };
}

export function FieldShell({ id, label, error, hint, children }: FieldShellProps) {
  const message = firstError(error);
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      {children}
      {hint ? <p className="text-xs text-slate-600 dark:text-slate-400">{hint}</p> : null}
      {message ? (
        <p id={`${id}-error`} className="text-sm text-red-700 dark:text-red-400">
          {message}
        </p>
      ) : null}
    </div>
  );
}

type Common = { id: string; label: ReactNode; error?: string | string[] | null; hint?: ReactNode };

export function InputField({ id, label, error, hint, className = "", ...props }: Common & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <FieldShell id={id} label={label} error={error} hint={hint}>
      <input
        id={id}
        {...errorAria(id, error)}
        className={`${controlClass} ${className}`}
        {...props}
      />
    </FieldShell>
  );
}

export function SelectField({
  id,
  label,
  error,
  hint,
  className = "",
  children,
  ...props
}: Common & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <FieldShell id={id} label={label} error={error} hint={hint}>
      <select
        id={id}
        {...errorAria(id, error)}
        className={`${controlClass} ${className}`}
        {...props}
      >
        {children}
      </select>
    </FieldShell>
  );
}

export function TextareaField({ id, label, error, hint, className = "", ...props }: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <FieldShell id={id} label={label} error={error} hint={hint}>
      <textarea
        id={id}
        {...errorAria(id, error)}
        className={`${controlClass} min-h-24 ${className}`}
        {...props}
      />
    </FieldShell>
  );
}

/** What a form gives one control of `PersonFields`: its id, name, value and messages (the type, label and autocomplete are the layout's). */
type PersonControl = Omit<Common, "label"> & Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "type" | "autoComplete">;

/**
 * The name and email inputs a person's form starts with (signup, profile):
 * first and last name side by side, then the email. A Conform form passes
 * its fields through `FormPersonFields` (./field.tsx).
 */
export function PersonFields({ firstName, lastName, email }: Record<"firstName" | "lastName" | "email", PersonControl>) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField {...firstName} type="text" label="First name" autoComplete="given-name" />
        <InputField {...lastName} type="text" label="Last name" autoComplete="family-name" />
      </div>
      <InputField {...email} type="email" label="Email" autoComplete="email" />
    </>
  );
}
