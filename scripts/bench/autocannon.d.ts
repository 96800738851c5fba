/** The part of autocannon's API the benchmarks use (the package ships no types). */
declare module "autocannon" {
  interface Options {
    url: string;
    headers?: Record<string, string>;
    connections?: number;
    /** Seconds. */
    duration?: number;
    /** Seconds. */
    timeout?: number;
  }
  interface Result {
    latency: { p50: number; p99: number };
    requests: { average: number; total: number };
    non2xx: number;
    errors: number;
    timeouts: number;
  }
  export default function autocannon(options: Options): Promise<Result>;
}
