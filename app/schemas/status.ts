/** The admins' incident-note forms on /admin/incidents (shared by the page and its action). */
import { z } from "zod";
import { INCIDENT_SEVERITIES } from "../../db/schema";
import { unknownIntent } from "./account";

/** Longest incident title and body, in characters. */
export const INCIDENT_TITLE_MAX = 120;
export const INCIDENT_BODY_MAX = 2000;

/** "Post note": title, body, severity, and whether it is already resolved (a checkbox, `on`). */
export const createIncidentSchema = z.object({
  intent: z.literal("create"),
  title: z.string({ required_error: "Enter a title" }).trim().min(1, "Enter a title").max(INCIDENT_TITLE_MAX, `At most ${INCIDENT_TITLE_MAX} characters`),
  body: z.string({ required_error: "Say what is happening" }).trim().min(1, "Say what is happening").max(INCIDENT_BODY_MAX, `At most ${INCIDENT_BODY_MAX} characters`),
  severity: z.enum(INCIDENT_SEVERITIES, { errorMap: () => ({ message: "Choose a severity" }) }),
  resolved: z
    .literal("on")
    .optional()
    .transform((value) => value === "on"),
});

/** "Mark resolved" / "Reopen" on a posted note. */
export const resolveIncidentSchema = z.object({
  intent: z.enum(["resolve", "reopen"]),
  id: z.coerce.number({ invalid_type_error: "Choose a listed note" }).int("Choose a listed note").positive("Choose a listed note"),
});

/** Every form of /admin/incidents. */
export const incidentIntentSchema = z.discriminatedUnion("intent", [createIncidentSchema, resolveIncidentSchema], unknownIntent);
