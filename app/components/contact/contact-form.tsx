/** The /contact form (spec sections 3 "Contact form values", 4 "Contact form", 5 and 8). */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useRef, type FormEvent } from "react";

import { Button } from "~/components/ui/button";
import { FormInputField, FormSelectField, FormTextareaField, SelectOptions } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { toast } from "~/components/ui/toast";
import { CALL_SLOT_FIELD, CONTACT_COPY, CONTACT_TOASTS, EXPERIENCE_LABELS, PREFERRED_TIME_LABELS, TOPIC_LABELS } from "~/content/contact";
import type { CallSlot } from "~/domain/call-slots";
import {
  CONTACT_REQUIRED_FIELDS,
  CONTACT_TOPICS,
  contactSchema,
  type ContactTopic,
  HONEYPOT_FIELD,
  PREFERRED_TIMES,
  TRADING_EXPERIENCE,
} from "~/schemas/contact";

/** Whether a posted contact form leaves any required field empty (or whitespace only). */
export function missesRequiredField(formData: FormData): boolean {
  return CONTACT_REQUIRED_FIELDS.some((name) => {
    const value = formData.get(name);
    return typeof value !== "string" || value.trim() === "";
  });
}

/** The offered call slots grouped by their New York day, in order. */
function slotsByDay(slots: readonly CallSlot[]): { day: string; slots: CallSlot[] }[] {
  const days: { day: string; slots: CallSlot[] }[] = [];
  for (const slot of slots) {
    const last = days.at(-1);
    if (last && last.day === slot.day) last.slots.push(slot);
    else days.push({ day: slot.day, slots: [slot] });
  }
  return days;
}

/**
 * The contact form: a native POST to /contact, validated by Conform on submit
 * with the action's schema; the 'Missing Information' toast when a required
 * field is empty (client-side, or when the server says so). `topic` is the
 * topic chosen first (from the URL); with "Strategy call" the form asks for
 * one of `slots` (the server renders it for that topic, and JavaScript shows
 * or hides it as the topic changes).
 */
export function ContactForm({
  lastResult,
  topic,
  slots,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  topic: ContactTopic;
  slots: readonly CallSlot[];
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === "/contact";
  const toasted = useRef<unknown>(undefined);

  const [form, fields] = useForm({
    id: "contact-form",
    lastResult,
    constraint: getZodConstraint(contactSchema),
    // Validate on submit only: a message appearing or vanishing on blur moved the button under the pointer and swallowed the click.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
    defaultValue: { topic },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: contactSchema }),
  });

  // A server-side rejection (e.g. a browser that skipped client validation) also raises the toast.
  useEffect(() => {
    if (!lastResult || lastResult.status !== "error" || toasted.current === lastResult) return;
    toasted.current = lastResult;
    if (lastResult.error?.[""]?.[0] === CONTACT_TOASTS.missing.description) toast(CONTACT_TOASTS.missing);
  }, [lastResult]);

  const formProps = getFormProps(form);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    formProps.onSubmit(event);
    // Conform blocked the submission: show the spec's toast when a required field is empty.
    if (event.defaultPrevented && missesRequiredField(new FormData(event.currentTarget))) toast(CONTACT_TOASTS.missing);
  }

  return (
    <Form method="post" action="/contact" {...formProps} onSubmit={onSubmit} className="flex flex-col gap-5">
      <FormAlert form={form} />
      <FormSelectField field={fields.topic} label="Topic">
        <SelectOptions options={CONTACT_TOPICS.map((value) => ({ value, label: TOPIC_LABELS[value] }))} />
      </FormSelectField>
      {(fields.topic.value ?? topic) === "strategy-call" ? (
        <FormSelectField field={fields.callSlot} label={CALL_SLOT_FIELD.label} hint={CALL_SLOT_FIELD.hint}>
          <option value="">{CALL_SLOT_FIELD.placeholder}</option>
          {slotsByDay(slots).map((group) => (
            <optgroup key={group.day} label={group.day}>
              {group.slots.map((slot) => (
                <option key={slot.value} value={slot.value}>
                  {slot.day}, {slot.time}
                </option>
              ))}
            </optgroup>
          ))}
        </FormSelectField>
      ) : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <FormInputField field={fields.name} type="text" label="Full Name *" autoComplete="name" />
        <FormInputField field={fields.email} type="email" label="Email Address *" autoComplete="email" />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormSelectField field={fields.tradingExperience} label="Trading Experience">
          <SelectOptions
            placeholder="Select your experience"
            options={TRADING_EXPERIENCE.map((value) => ({ value, label: EXPERIENCE_LABELS[value] }))}
          />
        </FormSelectField>
        <FormSelectField field={fields.preferredTime} label="Preferred Contact Time">
          <SelectOptions
            placeholder="Select a time"
            options={PREFERRED_TIMES.map((value) => ({ value, label: PREFERRED_TIME_LABELS[value] }))}
          />
        </FormSelectField>
      </div>
      <FormTextareaField
        field={fields.goals}
        label="Trading Goals & Objectives"
        placeholder="What would you like to achieve with your trading?"
        rows={3}
      />
      <FormTextareaField field={fields.message} label="Message *" placeholder="How can we help?" rows={6} />
      {/* Honeypot: hidden from people and assistive technology; bots that fill it are ignored. */}
      <div className="sr-only" aria-hidden="true">
        <label htmlFor="contact-website">Leave this field empty</label>
        <input
          id="contact-website"
          type="text"
          name={HONEYPOT_FIELD}
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
      <Button type="submit" size="lg" disabled={busy} className="self-start">
        {busy ? CONTACT_COPY.pending : CONTACT_COPY.submit}
      </Button>
    </Form>
  );
}
