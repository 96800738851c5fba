/**
 * A small Telegram Bot API stand-in on 127.0.0.1 for tests: it answers
 * `POST /bot<token>/<method>` for getMe, sendMessage and setWebhook the way
 * the Bot API does (`{ok, result}` or `{ok: false, error_code, description,
 * parameters}`), records every call, and can be told to answer the next calls
 * with an error (a 429 with `retry_after`, a 5xx) or that a chat blocked the bot (403).
 * Point the app at it with TELEGRAM_API_ROOT.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** The bot the stand-in plays, and the webhook secret the app is given with it. */
export const STAND_IN_BOT = {
  token: "123456789:stand-in-token-ABCDEFGHIJKLMNOPQRST",
  username: "FxTraderTestBot",
  webhookSecret: "stand-in-webhook-secret-0123456789",
} as const;

export interface BotApiCall {
  method: string;
  payload: Record<string, unknown>;
  /** When the call arrived (ms since the epoch). */
  at: number;
}

/** An error answer: Telegram's error code, description, and `retry_after` (s) for a 429. */
export interface BotApiError {
  errorCode: number;
  description: string;
  retryAfter?: number;
}

export interface TelegramBotApi {
  /** The TELEGRAM_API_ROOT that reaches the stand-in. */
  url: string;
  calls: BotApiCall[];
  /** Error answers for the next calls of a method, in order; afterwards calls succeed. */
  failNext(method: string, error: BotApiError): void;
  /** Chat ids that blocked the bot: sendMessage to them answers 403. */
  blockedChats: Set<string>;
  /** The calls of one method. */
  callsOf(method: string): BotApiCall[];
  close(): Promise<void>;
}

/** Starts the stand-in on a free port of 127.0.0.1, for the bot `token` (other tokens get 401). */
export async function startTelegramBotApi(token: string = STAND_IN_BOT.token): Promise<TelegramBotApi> {
  const failures = new Map<string, BotApiError[]>();
  let messageId = 0;
  const api: TelegramBotApi = {
    url: "",
    calls: [],
    blockedChats: new Set(),
    failNext(method, error) {
      failures.set(method, [...(failures.get(method) ?? []), error]);
    },
    callsOf: (method) => api.calls.filter((call) => call.method === method),
    close: async () => {},
  };

  const server: Server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      const answer = (status: number, json: unknown) => {
        res.writeHead(status, { "Content-Type": "application/json" });
        res.end(JSON.stringify(json));
      };
      const error = (e: BotApiError) =>
        answer(e.errorCode, { ok: false, error_code: e.errorCode, description: e.description, ...(e.retryAfter === undefined ? {} : { parameters: { retry_after: e.retryAfter } }) });
      const match = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? "");
      if (!match || req.method !== "POST") return answer(404, { ok: false, error_code: 404, description: "Not Found" });
      if (match[1] !== token) return error({ errorCode: 401, description: "Unauthorized" });
      const method = match[2]!;
      let payload: Record<string, unknown> = {};
      try {
        payload = body ? (JSON.parse(body) as Record<string, unknown>) : {};
      } catch {
        return error({ errorCode: 400, description: "Bad Request: can't parse JSON" });
      }
      api.calls.push({ method, payload, at: Date.now() });
      const scripted = failures.get(method)?.shift();
      if (scripted) return error(scripted);
      switch (method) {
        case "getMe":
          return answer(200, { ok: true, result: { id: Number(token.split(":")[0]), is_bot: true, first_name: "FX Trader", username: STAND_IN_BOT.username } });
        case "setWebhook":
          return answer(200, { ok: true, result: true, description: "Webhook was set" });
        case "sendMessage": {
          const chatId = String(payload.chat_id);
          if (api.blockedChats.has(chatId)) return error({ errorCode: 403, description: "Forbidden: bot was blocked by the user" });
          messageId += 1;
          return answer(200, {
            ok: true,
            result: { message_id: messageId, date: Math.floor(Date.now() / 1000), chat: { id: Number(chatId), type: "private" }, text: payload.text },
          });
        }
        default:
          return error({ errorCode: 404, description: "Not Found: method not found" });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  api.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  api.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return api;
}
