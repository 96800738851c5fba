/**
 * DNS rebinding against webhooks: a host name that resolves to a public
 * address when the endpoint is registered and to loopback when a delivery is
 * sent is refused at send time, by the lookup the connection itself uses.
 * The resolver is a stand-in (it answers from a script, in the shape of
 * `dns.lookup`'s `all: true` answer); nothing leaves loopback. A TCP listener
 * on 127.0.0.1 counts the connections that reach it.
 */
import { once } from "node:events";
import type { LookupAddress } from "node:dns";
import { request } from "node:http";
import { createServer, type AddressInfo, type LookupFunction, type Server } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { guardedPost } from "~/services/channels/guarded-post.server";
import { createGuardedLookup, webhookTargetProblem, type HostResolver } from "~/services/channels/webhook-address.server";

let listener: Server;
let port: number;
let connections = 0;

beforeAll(async () => {
  listener = createServer((socket) => {
    connections += 1;
    socket.destroy();
  }).listen(0, "127.0.0.1");
  await once(listener, "listening");
  port = (listener.address() as AddressInfo).port;
});

afterAll(() => {
  listener.close();
});

/** A resolver that gives `answers[0]` to the first question, `answers[1]` to the second, and the last one after that. */
function scriptedResolver(answers: string[]): HostResolver & { questions: string[] } {
  const questions: string[] = [];
  const resolve = ((hostname, callback) => {
    questions.push(hostname);
    const address = answers[Math.min(questions.length - 1, answers.length - 1)]!;
    const list: LookupAddress[] = [{ address, family: address.includes(":") ? 6 : 4 }];
    setImmediate(() => callback(null, list));
  }) as HostResolver & { questions: string[] };
  resolve.questions = questions;
  return resolve;
}

describe("a webhook host that rebinds to loopback after registration", () => {
  it.each([
    ["127.0.0.1", "IPv4 loopback"],
    ["::ffff:127.0.0.1", "IPv4-mapped loopback"],
    ["::127.0.0.1", "IPv4-compatible loopback"],
    ["2002:7f00:1::", "6to4 of loopback"],
  ])("passes registration on a public address, then is refused at send time when it answers %s (%s); nothing connects", async (rebound) => {
    const resolver = scriptedResolver(["93.184.215.14", rebound]);
    const url = `https://hooks.rebinding.test:${port}/hook`;
    expect(await webhookTargetProblem(url, false, resolver)).toBeNull();
    const before = connections;
    const sent = guardedPost(new URL(url), "{}", { "content-type": "application/json" }, { timeoutMs: 2_000, guard: true, lookup: createGuardedLookup(resolver) });
    await expect(sent).rejects.toMatchObject({ code: "EWEBHOOKPRIVATE" });
    expect(resolver.questions).toEqual(["hooks.rebinding.test", "hooks.rebinding.test"]);
    expect(connections).toBe(before);
  });

  it("the same rebound answer through an unchecked lookup does reach the listener (the test can see a connection)", async () => {
    const resolver = scriptedResolver(["127.0.0.1"]);
    const unchecked: LookupFunction = (hostname, options, callback) =>
      resolver(hostname, (error, list) =>
        (options as { all?: boolean }).all
          ? (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list)
          : callback(error, list[0]!.address, list[0]!.family),
      );
    const before = connections;
    await new Promise<void>((done) => {
      const req = request(`http://hooks.rebinding.test:${port}/hook`, { method: "POST", lookup: unchecked }, () => done());
      req.on("error", () => done());
      req.end("{}");
    });
    expect(connections).toBe(before + 1);
  });
});
