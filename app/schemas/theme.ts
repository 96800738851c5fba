/** The theme toggle's form (POST /theme): the chosen theme and the page to return to. */
import { z } from "zod";

/** `theme`: "dark" picks the dark theme, anything else (or nothing) the light one; `returnTo`: checked by `safeRedirect`. */
export const themeSchema = z.object({
  theme: z.string().optional(),
  returnTo: z.string().optional(),
});
