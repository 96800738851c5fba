/**
 * Error messages for a whole form or action (field messages belong to
 * ~/components/ui/field): a red box announced as an alert.
 */
import type { ReactNode } from "react";

/** The error box's look, for a message that must not be announced as an alert. */
export const alertClass = "rounded-md bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200";

/** An error message with role="alert", so screen readers announce it when it appears. */
export function Alert({ id, className = "", children }: { id?: string; className?: string; children: ReactNode }) {
  return (
    <p id={id} role="alert" className={`${alertClass} ${className}`.trim()}>
      {children}
    </p>
  );
}

/**
 * A Conform form's form-level error (the first one), or nothing. It carries the
 * form's `errorId`, which the form's `aria-describedby` names while it is invalid.
 */
export function FormAlert({ form, className }: { form: { errorId: string; errors?: string[] }; className?: string }) {
  const message = form.errors?.[0];
  if (!message) return null;
  return (
    <Alert id={form.errorId} className={className}>
      {message}
    </Alert>
  );
}
