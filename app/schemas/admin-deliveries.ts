/** The /admin/deliveries form: "Retry" on a dead job (shared by the page and its action). */
import { z } from "zod";
import { unknownIntent } from "./account";

/** "Retry": the dead job's id. */
export const retryDeliverySchema = z.object({
  intent: z.literal("retry"),
  jobId: z.coerce.number({ invalid_type_error: "Choose a listed job" }).int("Choose a listed job").positive("Choose a listed job"),
});

/** Every form of /admin/deliveries. */
export const adminDeliveriesIntentSchema = z.discriminatedUnion("intent", [retryDeliverySchema], unknownIntent);
