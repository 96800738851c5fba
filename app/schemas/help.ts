/** The Help Center's inputs: the search query (/help?q=) and the "Was this helpful?" form (/help/<slug>). */
import { z } from "zod";
import { HELP_QUERY_MAX_CHARS } from "~/domain/help-search";

/** `q` of /help: trimmed, at most HELP_QUERY_MAX_CHARS characters; empty means no search. */
export const helpQuerySchema = z.object({ q: z.string().trim().max(HELP_QUERY_MAX_CHARS).default("") });

/** The vote form: `helpful` is `yes` or `no`. */
export const helpVoteSchema = z.object({ helpful: z.enum(["yes", "no"]) });
