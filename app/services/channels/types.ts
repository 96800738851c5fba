/**
 * The interface every delivery channel implements: send one claimed job and
 * say how it went. The worker records the outcome and schedules retries.
 */
import type { DeliveryJob } from "../../../db/schema";

/** What one send came to. `permanent` failures are not retried. */
export interface SendResult {
  ok: boolean;
  permanent?: boolean;
  /** HTTP status or SMTP reply code; null when no answer came. */
  statusCode: number | null;
  responseExcerpt: string | null;
  error: string | null;
  /** True when no answer came within the channel's timeout (counted by the per-host circuit breaker). */
  timedOut?: boolean;
}

/** A channel: sends one job (already leased to the calling worker) at `now`. */
export interface ChannelAdapter {
  send(job: DeliveryJob, now: Date): Promise<SendResult>;
  /** The host (`host:port`) the job would go to, for per-host limits and circuit breaking; absent or null when not per host. */
  hostOf?(job: DeliveryJob): string | null;
  /** Runs once when the worker starts (e.g. registering a bot's webhook); must not throw. */
  start?(): void;
  /** Releases connections (pools, sockets) when the worker stops. */
  close?(): void;
}
