/**
 * Labelled form controls bound to a Conform field (`FormInputField`, ...);
 * the plain controls live in ./native-field.tsx and are re-exported here.
 */
import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { InputField, PersonFields, SelectField, TextareaField } from "~/components/ui/native-field";

export { controlClass, FieldShell, InputField, PersonFields, SelectField, TextareaField } from "~/components/ui/native-field";

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

/** `PersonFields` bound to a Conform form's `firstName`, `lastName` and `email` fields (the profile form). */
export function FormPersonFields<First, Last, Email>({
  fields,
}: {
  fields: { firstName: ConformField<First>; lastName: ConformField<Last>; email: ConformField<Email> };
}) {
  const bound = <Schema,>(field: ConformField<Schema>) => ({ ...getInputProps(field, { type: "text" }), id: field.id, error: field.errors });
  return <PersonFields firstName={bound(fields.firstName)} lastName={bound(fields.lastName)} email={bound(fields.email)} />;
}
