/**
 * Client side of the page-action pattern (`handleIntent` in
 * `app/services/form-intent.server.ts`):
 * picks the reply that belongs to one form of a page with several forms.
 */
import type { SubmissionResult } from "@conform-to/react";

/**
 * The `lastResult` for the form posting `intent`: the reply's submission when
 * the reply answered that intent, else undefined.
 */
export function lastResultFor(
  reply: { intent: string; submission: SubmissionResult<string[]> } | undefined,
  intent: string,
): SubmissionResult<string[]> | undefined {
  return reply?.intent === intent ? reply.submission : undefined;
}
