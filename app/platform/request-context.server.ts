/**
 * What one request learns about itself while the app handles it, for its log
 * line (server/request-log.ts): the signed-in user's id and the error that
 * made it fail. The server starts each request's context with the build's
 * `runWithRequestContext` (server/runtime.ts), so it and the app share this
 * one module.
 */
import { AsyncLocalStorage } from "node:async_hooks";

export interface RequestContext {
  userId?: number;
  error?: unknown;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs `handle` with `context` as the current request's. */
export function runWithRequestContext<T>(context: RequestContext, handle: () => T): T {
  return storage.run(context, handle);
}

/** Records the signed-in (or API-key) user of the current request; nothing outside a request. */
export function noteRequestUser(userId: number): void {
  const context = storage.getStore();
  if (context) context.userId = userId;
}

/** Records the error the current request failed with (the first one kept); nothing outside a request. */
export function noteRequestError(error: unknown): void {
  const context = storage.getStore();
  if (context && context.error === undefined) context.error = error;
}
