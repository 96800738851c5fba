/**
 * Labelled form controls with an error line wired through aria-describedby,
 * and the same controls bound to a Conform field (`FormInputField`, ...).
 */
import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
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
  const message = firstError(error);
  return (
    <FieldShell id={id} label={label} error={error} hint={hint}>
      <input
        id={id}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-error` : undefined}
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
  const message = firstError(error);
  return (
    <FieldShell id={id} label={label} error={error} hint={hint}>
      <select
        id={id}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-error` : undefined}
        className={`${controlClass} ${className}`}
        {...props}
      >
        {children}
      </select>
    </FieldShell>
  );
}

export function TextareaField({ id, label, error, hint, className = "", ...props }: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const message = firstError(error);
  return (
    <FieldShell id={id} label={label} error={error} hint={hint}>
      <textarea
        id={id}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-error` : undefined}
        className={`${controlClass} min-h-24 ${className}`}
        {...props}
      />
    </FieldShell>
  );
}

// ---------------------------------------------------------------------------
// Bound to Conform: `field` supplies the control's id, name, form, constraints,
// default value, aria attributes and error messages; other props (set after
// Conform's) override them, e.g. `pattern={undefined}` to drop a constraint.

type ConformField<Schema> = FieldMetadata<Schema, Record<string, unknown>, string[]>;
type InputType = Parameters<typeof getInputProps>[1]["type"];
type Bound<Schema, Attributes> = { field: ConformField<Schema>; label: ReactNode; hint?: ReactNode } & Omit<Attributes, "id">;

export function FormInputField<Schema>({
  field,
  type,
  ...props
}: Bound<Schema, InputHTMLAttributes<HTMLInputElement>> & { type: Exclude<InputType, "checkbox" | "radio"> }) {
  return <InputField {...getInputProps(field, { type })} id={field.id} error={field.errors} {...props} />;
}

export function FormSelectField<Schema>({ field, ...props }: Bound<Schema, SelectHTMLAttributes<HTMLSelectElement>>) {
  return <SelectField {...getSelectProps(field)} id={field.id} error={field.errors} {...props} />;
}

export function FormTextareaField<Schema>({ field, ...props }: Bound<Schema, TextareaHTMLAttributes<HTMLTextAreaElement>>) {
  return <TextareaField {...getTextareaProps(field)} id={field.id} error={field.errors} {...props} />;
}

/** A select's `<option>`s: first an empty choice showing `placeholder` when given, then one per entry of `options`, in order. */
export function SelectOptions({
  placeholder,
  options,
}: {
  placeholder?: string;
  options: ReadonlyArray<{ value: string | number; label: string }>;
}) {
  return (
    <>
      {placeholder === undefined ? null : <option value="">{placeholder}</option>}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </>
  );
}

/** The name and email inputs a person's form starts with (signup, profile): first and last name side by side, then the email. */
export function PersonFields<First, Last, Email>({
  fields,
}: {
  fields: { firstName: ConformField<First>; lastName: ConformField<Last>; email: ConformField<Email> };
}) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormInputField field={fields.firstName} type="text" label="First name" autoComplete="given-name" />
        <FormInputField field={fields.lastName} type="text" label="Last name" autoComplete="family-name" />
      </div>
      <FormInputField field={fields.email} type="email" label="Email" autoComplete="email" />
    </>
  );
}
