/**
 * A stand-in for OANDA's v20 REST candles endpoint on 127.0.0.1, for tests
 * (https://developer.oanda.com/rest-live-v20/instrument-ep/):
 * `GET /v3/instruments/{instrument}/candles?price=BA&granularity=M1&from=&to=`
 * with `Authorization: Bearer <token>`. It answers as OANDA documents it:
 * `{instrument, granularity, candles: [{complete, volume, time, bid: {o,h,l,c}, ask: {o,h,l,c}}]}`,
 * prices as decimal strings and RFC 3339 times with nanoseconds; errors as
 * `{errorMessage}` with 400 (bad parameters), 401 (bad token) or 404
 * (unknown instrument). Candles come from recorded fixture files
 * (tests/fixtures/oanda/), those with `from` ≤ time < `to`. Every request is kept.
 * Point the app at it with OANDA_API_URL.
 */
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** The token the stand-in accepts. */
export const STAND_IN_OANDA_TOKEN = "stand-in-oanda-token-0123456789abcdef";

/** A fixture file: one recorded candles answer. */
interface CandlesFixture {
  instrument: string;
  granularity: string;
  candles: Array<{ time: string; complete: boolean; volume: number; bid?: unknown; ask?: unknown }>;
}

export interface OandaRequest {
  instrument: string;
  query: Record<string, string>;
  authorization: string | undefined;
  datetimeFormat: string | undefined;
}

export interface OandaV20 {
  /** The OANDA_API_URL that reaches the stand-in. */
  url: string;
  requests: OandaRequest[];
  /** Answer the next requests with this status and `errorMessage`, in order. */
  failNext(status: number, errorMessage: string): void;
  close(): Promise<void>;
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?Z$/;

/**
 * Starts the stand-in serving the fixture files (paths to recorded answers, one instrument each).
 */
export async function startOandaV20(fixtureFiles: string[], token: string = STAND_IN_OANDA_TOKEN): Promise<OandaV20> {
  const fixtures = new Map<string, CandlesFixture>();
  for (const file of fixtureFiles) {
    const fixture = JSON.parse(readFileSync(file, "utf8")) as CandlesFixture;
    fixtures.set(fixture.instrument, fixture);
  }
  const failures: Array<{ status: number; errorMessage: string }> = [];
  const api: OandaV20 = {
    url: "",
    requests: [],
    failNext: (status, errorMessage) => failures.push({ status, errorMessage }),
    close: async () => {},
  };
  const server: Server = createServer((request, response) => {
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { "Content-Type": "application/json" });
      response.end(JSON.stringify(body));
    };
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const match = /^\/v3\/instruments\/([A-Z0-9]+_[A-Z0-9]+)\/candles$/.exec(url.pathname);
    if (request.method !== "GET" || !match) return answer(404, { errorMessage: "The requested resource does not exist" });
    const instrument = match[1]!;
    const query = Object.fromEntries(url.searchParams.entries());
    api.requests.push({
      instrument,
      query,
      authorization: request.headers.authorization,
      datetimeFormat: request.headers["accept-datetime-format"] as string | undefined,
    });
    if (request.headers.authorization !== `Bearer ${token}`) return answer(401, { errorMessage: "Insufficient authorization to perform request." });
    const failure = failures.shift();
    if (failure) return answer(failure.status, { errorMessage: failure.errorMessage });
    const fixture = fixtures.get(instrument);
    if (!fixture) return answer(404, { errorMessage: `Invalid value specified for 'instrument'` });
    if (query.granularity !== "M1" || query.price !== "BA") return answer(400, { errorMessage: "Invalid value specified for 'granularity' or 'price'" });
    if (!RFC3339.test(query.from ?? "") || !RFC3339.test(query.to ?? "")) return answer(400, { errorMessage: "Invalid value specified for 'from' or 'to'" });
    const from = Date.parse(query.from!);
    const to = Date.parse(query.to!);
    if (to <= from) return answer(400, { errorMessage: "Invalid value specified for 'to'. Time is before 'from'" });
    const candles = fixture.candles.filter((candle) => {
      const at = Date.parse(candle.time.replace(/(\.\d{3})\d+Z$/, "$1Z"));
      return at >= from && at < to;
    });
    answer(200, { instrument, granularity: fixture.granularity, candles });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  api.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  api.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return api;
}
