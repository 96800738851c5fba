/**
 * Every `curl` example of README.md, of the /docs/api guide and of the
 * operation list (GET operations; their path parameters filled in) runs with
 * the real curl against the production server, and its answer must be one
 * the OpenAPI document describes (status, content type, body).
 */
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogPosts } from "../../db/schema";
import { GETTING_STARTED } from "~/content/docs";
import { generateApiKey } from "~/models/api-keys.server";
import { createWebhook } from "~/models/webhooks.server";
import { publishSignal } from "~/models/signals.server";
import { getDb } from "~/platform/db.server";
import { openApiDocument } from "~/services/openapi/document.server";
import { listOperations } from "~/services/openapi/operations.server";
import { startBuiltServer } from "../support/built-server";
import { createUser, insertStrategy, validSignalInput } from "../support/fixtures";
import { expectConformsToDocument } from "../support/openapi-conformance";

const run = promisify(execFile);

/** The `curl` commands of a shell snippet, backslash-continued lines joined. */
function curlCommands(snippet: string): string[] {
  return snippet
    .replace(/\\\n\s*/g, " ")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line.startsWith("curl "));
}

function readmeCommands(): string[] {
  const blocks = [...readFileSync("README.md", "utf8").matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]);
  return blocks.flatMap(curlCommands);
}

function guideCommands(): string[] {
  return GETTING_STARTED.sections.flatMap((s) => s.examples.filter((e) => e.language === "shell").flatMap((e) => curlCommands(e.code)));
}

let server: Awaited<ReturnType<typeof startBuiltServer>>;
let env: NodeJS.ProcessEnv;
let fill: Record<string, string>;

beforeAll(async () => {
  const strategy = insertStrategy({ slug: "curl-strategy", name: "Curl Strategy" });
  const admin = createUser({ role: "admin" });
  const signal = publishSignal(validSignalInput(strategy.id, new Date(Date.now() + 86_400_000)), admin.id);
  getDb().insert(blogPosts).values({ slug: "curl-post", title: "Curl post", excerpt: "An excerpt", publishedAt: new Date() }).run();
  server = await startBuiltServer();
  env = { ...process.env, FXT_URL: server.url, FXT_API_KEY: generateApiKey(admin.id).key };
  const webhook = createWebhook(admin.id, { url: "https://example.com/hooks/curl", eventTypes: ["signal.published"] }).endpoint;
  fill = { "/api/webhooks/<id>": String(webhook.id), "/api/strategies/<slug>": "curl-strategy", "/api/blog/<slug>": "curl-post", "<strategyId>": String(strategy.id), "<id>": String(signal.id) };
}, 120_000);

afterAll(async () => {
  await server?.close();
});

/** The one example meant to show an error (a 400 problem). */
const ERROR_EXAMPLE = /limit=500/;

/** Runs `command` in bash and checks the answer against the document; it must succeed unless it is the error example. */
async function expectDocumentedAnswer(command: string): Promise<void> {
  // An event stream (`curl -N`) never ends: read it for 2 s, then curl's timeout (exit 28) ends it.
  const streaming = command.includes(" -N ");
  const timed = streaming ? `${command} --max-time 2` : command;
  const writeOut = `${timed} -w '\\n%{http_code}\\t%{content_type}\\t%{url_effective}'${streaming ? "; true" : ""}`;
  const { stdout } = await run("bash", ["-c", writeOut], { env, maxBuffer: 8 * 1024 * 1024 });
  const lines = stdout.trimEnd().split("\n");
  const [status, contentType, url] = lines.pop()!.split("\t");
  let body = lines.join("\n");
  if (command.includes(" -i ")) body = body.slice(body.indexOf("\r\n\r\n") + 4);
  const method = /-X (\w+)/.exec(command)?.[1] ?? "GET";
  const response = new Response(null, { status: Number(status) === 304 ? 304 : Number(status), headers: { "Content-Type": contentType } });
  expectConformsToDocument(method, new URL(url).pathname, response, body);
  if (ERROR_EXAMPLE.test(command)) expect(Number(status), command).toBe(400);
  else expect(Number(status), command).toBeLessThan(300);
}

describe("curl examples", () => {
  it("finds the examples of the README and the guide", () => {
    expect(readmeCommands().length).toBeGreaterThanOrEqual(4);
    expect(guideCommands().length).toBeGreaterThanOrEqual(8);
  });

  it("README.md's run and answer as documented", async () => {
    for (const command of readmeCommands()) await expectDocumentedAnswer(command);
  }, 60_000);

  it("the /docs/api guide's run and answer as documented", async () => {
    for (const command of guideCommands()) await expectDocumentedAnswer(command);
  }, 60_000);

  it("each GET operation's example on /docs/api runs and answers as documented", async () => {
    const examples = listOperations(openApiDocument()).filter((o) => o.method === "GET" && o.path !== "/api/login" && o.path !== "/api/callback" && o.path !== "/api/logout");
    expect(examples.length).toBeGreaterThan(12);
    for (const { path, curl } of examples) {
      const command = Object.entries(fill).reduce((text, [placeholder, value]) => {
        if (placeholder.startsWith("/")) return text.replace(placeholder, placeholder.replace(/<\w+>/, value));
        return text.replace(placeholder, value);
      }, curl);
      expect(command, path).not.toMatch(/<\w+>/);
      await expectDocumentedAnswer(command);
    }
  }, 60_000);
});
