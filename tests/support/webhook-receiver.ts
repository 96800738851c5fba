/**
 * A real HTTP receiver on 127.0.0.1 for webhook tests: it verifies every
 * request with the `standardwebhooks` library against the secrets it is given
 * and records what arrived; tests script its answers (a status, or hanging).
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  json: { type: string; timestamp: string; data: Record<string, unknown> };
  /** The secrets (of those given) whose signature verified. */
  verifiedWith: string[];
}

/** What the receiver does with the next request: answer with a status, or never answer. */
export type ReceiverAnswer = number | "hang";

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** Secrets to verify with (set by the test once an endpoint exists). */
  secrets: string[];
  /** Answers for the next requests, in order; afterwards every request gets 200. */
  answers: ReceiverAnswer[];
  /** Standing answers by request path, used before `answers` (e.g. an endpoint that is always down or gone). */
  byPath: Map<string, ReceiverAnswer>;
  close(): Promise<void>;
}

/** Starts a receiver on 127.0.0.1 on a free port. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const hanging = new Set<import("node:http").ServerResponse>();
  const receiver: WebhookReceiver = { url: "", received: [], secrets: [], answers: [], byPath: new Map(), close: async () => {} };
  const server: Server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      const verifiedWith = receiver.secrets.filter((secret) => {
        try {
          new Webhook(secret).verify(body, req.headers as Record<string, string>);
          return true;
        } catch {
          return false;
        }
      });
      const answer = receiver.byPath.get(req.url ?? "/") ?? receiver.answers.shift() ?? 200;
      receiver.received.push({ path: req.url ?? "/", headers: req.headers, body, json: JSON.parse(body), verifiedWith });
      if (answer === "hang") {
        hanging.add(res);
        return;
      }
      res.writeHead(answer, { "content-type": "text/plain" }).end(answer < 300 ? "ok" : `failed with ${answer}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  receiver.close = () =>
    new Promise((resolve) => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}
