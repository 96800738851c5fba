/** The document rewrite that starts Remix's hydration after the first paint, whatever the chunk boundaries (ADR 0077). */
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { hydrationAfterFirstPaint, oneChunkPerTurn } from "~/services/document-stream.server";

const MODULE_TEXT =
  'import "/build/manifest.js";\nimport * as route0 from "/build/root.js";\n\n' +
  'window.__remixRouteModules = {"root":route0};\n\nimport("/build/entry.client.js");';
const HTML =
  '<head><link rel="stylesheet" href="/build/a.css"/></head><body><p>Prix: 12 € · ¥</p>' +
  '<link rel="modulepreload" href="/build/manifest.js"/><link rel="modulepreload" href="/build/entry.client.js"/>' +
  '<script nonce="N0nce==">window.__remixContext = {"state":{"loaderData":{"root":{"note":"a <b> é"}}}};</script>' +
  `<script nonce="N0nce==" type="module" async="">${MODULE_TEXT}</script></body></html>`;

async function rewrite(chunks: Buffer[]): Promise<string> {
  return text(Readable.from(chunks).pipe(hydrationAfterFirstPaint()));
}

/** The text of the starter script in `html`. */
function starterOf(html: string): string {
  const match = /<script nonce="N0nce==">(\(function[\s\S]*?)<\/script>/.exec(html);
  if (!match) throw new Error("no starter script");
  return match[1];
}

interface FakeLink {
  attributes: Record<string, string>;
  /** The order in which `href` and `rel` were set. */
  writes: string[];
}

/**
 * Runs the starter against a minimal browser: the document's deferred
 * preloads (`preloads`, default two), a `paint` PerformanceObserver (unless `paintTiming` is false),
 * animation frames and timers that run only when the test says so.
 */
function runStarter(starter: string, options: { hidden?: boolean; paintTiming?: boolean; preloads?: string[] } = {}) {
  const links: FakeLink[] = (options.preloads ?? ["/build/manifest.js", "/build/entry.client.js"]).map((href) => ({
    attributes: { "data-modulepreload": href },
    writes: [],
  }));
  const linkElements = links.map((link) => ({
    getAttribute: (name: string) => link.attributes[name] ?? null,
    set href(value: string) {
      link.attributes.href = value;
      link.writes.push("href");
    },
    set rel(value: string) {
      link.attributes.rel = value;
      link.writes.push("rel");
    },
  }));
  const appended: Array<Record<string, string>> = [];
  let frames: Array<() => void> = [];
  const timers: Array<{ delay: number; run: () => void }> = [];
  let observer: { callback: (list: { getEntriesByName(name: string): unknown[] }) => void; disconnected: boolean } | undefined;
  const document = {
    visibilityState: options.hidden ? "hidden" : "visible",
    currentScript: { nonce: "N0nce==" },
    querySelectorAll: (selector: string) => (selector === "link[data-modulepreload]" ? linkElements : []),
    createElement: () => ({}) as Record<string, string>,
    body: { appendChild: (element: Record<string, string>) => appended.push(element) },
  };
  class FakeObserver {
    static supportedEntryTypes = ["paint", "navigation"];
    constructor(callback: NonNullable<typeof observer>["callback"]) {
      observer = { callback, disconnected: false };
    }
    observe(init: { type: string; buffered: boolean }) {
      expect(init).toEqual({ type: "paint", buffered: true });
    }
    disconnect() {
      observer!.disconnected = true;
    }
  }
  const window = { PerformanceObserver: options.paintTiming === false ? undefined : FakeObserver };
  new Function("window", "document", "requestAnimationFrame", "setTimeout", starter)(
    window,
    document,
    (run: () => void) => frames.push(run),
    (run: () => void, delay: number) => timers.push({ delay, run }),
  );
  return {
    links,
    appended,
    observer: () => observer,
    /** Runs the animation frames queued so far (those they queue wait for the next call). */
    frame() {
      const due = frames;
      frames = [];
      due.forEach((run) => run());
    },
    /** Runs, once, the timers queued so far whose delay is at most `upTo` ms. */
    timers(upTo: number) {
      const due = timers.filter((timer) => timer.delay <= upTo);
      due.forEach((timer) => timers.splice(timers.indexOf(timer), 1));
      due.forEach((timer) => timer.run());
    },
  };
}

describe("hydrationAfterFirstPaint", () => {
  it("keeps every preload in place without its rel and puts the starter where the module script was", async () => {
    const out = await rewrite([Buffer.from(HTML)]);
    expect(out).not.toContain('<link rel="modulepreload"');
    expect(out).not.toMatch(/<script[^>]* type="module"/);
    expect(out).toContain(
      '<p>Prix: 12 € · ¥</p><link data-modulepreload="/build/manifest.js"/><link data-modulepreload="/build/entry.client.js"/>' +
        '<script nonce="N0nce==">window.__remixContext = {"state":{"loaderData":{"root":{"note":"a <b> é"}}}};</script><script nonce="N0nce==">(function',
    );
    expect(out.startsWith('<head><link rel="stylesheet" href="/build/a.css"/></head>')).toBe(true);
    expect(out.endsWith("</script></body></html>")).toBe(true);
    expect(starterOf(out)).not.toContain("<");
  });

  it("starts nothing before the first contentful paint, then preloads (href before rel) and runs the module script with the nonce", async () => {
    const browser = runStarter(starterOf(await rewrite([Buffer.from(HTML)])));
    browser.frame();
    browser.timers(0);
    expect(browser.appended).toHaveLength(0);
    expect(browser.links.map((link) => link.attributes.rel)).toEqual([undefined, undefined]);

    // A report with first-paint only: the page painted, but no content yet.
    browser.observer()!.callback({ getEntriesByName: (name) => (name === "first-paint" ? [{}] : []) });
    browser.timers(0);
    expect(browser.appended).toHaveLength(0);

    browser.observer()!.callback({ getEntriesByName: (name) => (name === "first-contentful-paint" ? [{}] : []) });
    expect(browser.observer()!.disconnected).toBe(true);
    browser.timers(0);
    expect(browser.links.map((link) => link.attributes)).toEqual([
      { "data-modulepreload": "/build/manifest.js", href: "/build/manifest.js", rel: "modulepreload" },
      { "data-modulepreload": "/build/entry.client.js", href: "/build/entry.client.js", rel: "modulepreload" },
    ]);
    expect(browser.links.map((link) => link.writes)).toEqual([
      ["href", "rel"],
      ["href", "rel"],
    ]);
    expect(browser.appended).toEqual([{ type: "module", nonce: "N0nce==", textContent: MODULE_TEXT }]);

    browser.timers(3000);
    expect(browser.appended).toHaveLength(1);
  });

  it("turns the preloads back on four per task and appends the module script after the last", async () => {
    const preloads = Array.from({ length: 9 }, (_, index) => `/build/_shared/chunk-${index}.js`);
    const browser = runStarter(starterOf(await rewrite([Buffer.from(HTML)])), { preloads });
    browser.observer()!.callback({ getEntriesByName: (name) => (name === "first-contentful-paint" ? [{}] : []) });
    const started = () => browser.links.filter((link) => link.attributes.rel === "modulepreload").length;

    browser.timers(0);
    expect(started()).toBe(4);
    expect(browser.appended).toHaveLength(0);
    browser.timers(0);
    expect(started()).toBe(8);
    expect(browser.appended).toHaveLength(0);
    browser.timers(0);
    expect(started()).toBe(9);
    expect(browser.links.map((link) => link.attributes.href)).toEqual(preloads);
    expect(browser.links.every((link) => link.writes.join() === "href,rel")).toBe(true);
    expect(browser.appended).toEqual([{ type: "module", nonce: "N0nce==", textContent: MODULE_TEXT }]);
  });

  it("starts at once in a hidden tab, which paints nothing", async () => {
    const browser = runStarter(starterOf(await rewrite([Buffer.from(HTML)])), { hidden: true });
    expect(browser.appended).toEqual([{ type: "module", nonce: "N0nce==", textContent: MODULE_TEXT }]);
  });

  it("starts after two animation frames where paint timing is not supported", async () => {
    const browser = runStarter(starterOf(await rewrite([Buffer.from(HTML)])), { paintTiming: false });
    browser.frame();
    browser.timers(0);
    expect(browser.appended).toHaveLength(0);
    browser.frame();
    browser.timers(0);
    expect(browser.appended).toHaveLength(1);
  });

  it("starts after 3 s when no contentful paint is reported", async () => {
    const browser = runStarter(starterOf(await rewrite([Buffer.from(HTML)])));
    browser.frame();
    browser.frame();
    browser.timers(0);
    expect(browser.appended).toHaveLength(0);
    browser.timers(3000);
    expect(browser.appended).toHaveLength(1);
  });

  it("gives the same document for a split at every byte, inside a tag or a multi-byte character", async () => {
    const expected = await rewrite([Buffer.from(HTML)]);
    const bytes = Buffer.from(HTML);
    for (let at = 1; at < bytes.length; at += 1) {
      expect(await rewrite([bytes.subarray(0, at), bytes.subarray(at)]), `split at ${at}`).toBe(expected);
    }
  });

  it("gives the same document when it arrives a byte at a time", async () => {
    const expected = await rewrite([Buffer.from(HTML)]);
    const bytes = Buffer.from(HTML);
    expect(await rewrite([...bytes].map((byte) => Buffer.from([byte])))).toBe(expected);
  });

  it("passes a document without module preloads unchanged", async () => {
    const plain = '<html><body><p>Prix: 12 € · ¥ &lt;link rel="modulepre</p><script>var a = 1;</script></body></html>';
    const bytes = Buffer.from(plain);
    expect(await rewrite([bytes.subarray(0, 40), bytes.subarray(40)])).toBe(plain);
  });
});

describe("oneChunkPerTurn", () => {
  /** The chunks `stream` passes on, collected until it ends. */
  function chunksOf(stream: ReturnType<typeof oneChunkPerTurn>): Promise<Buffer[]> {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    return new Promise((resolve) => stream.on("end", () => resolve(chunks)));
  }
  const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

  it("passes on what is written in one turn as one chunk, bytes and order unchanged", async () => {
    const stream = oneChunkPerTurn();
    const out = chunksOf(stream);
    const parts = Array.from({ length: 25 }, (_, i) => Buffer.from(`<p>part ${i} · é</p>`));
    parts.forEach((part) => stream.write(part));
    await nextTurn();
    stream.end();
    const chunks = await out;
    expect(chunks).toHaveLength(1);
    expect(Buffer.concat(chunks).equals(Buffer.concat(parts))).toBe(true);
  });

  it("still streams: what is written in a later turn goes out in that turn, before the end", async () => {
    const stream = oneChunkPerTurn();
    const seen: string[] = [];
    stream.on("data", (chunk: Buffer) => seen.push(chunk.toString()));
    const ended = new Promise((resolve) => stream.on("end", resolve));
    stream.write("<html><body>");
    stream.write("<p>shell</p>");
    await nextTurn();
    expect(seen).toEqual(["<html><body><p>shell</p>"]);
    stream.write("<template>late</template>");
    await nextTurn();
    expect(seen).toEqual(["<html><body><p>shell</p>", "<template>late</template>"]);
    stream.end("</body></html>");
    await ended;
    expect(seen.join("")).toBe("<html><body><p>shell</p><template>late</template></body></html>");
  });

  it("ends with everything written in the turn it ends in", async () => {
    const stream = oneChunkPerTurn();
    const out = chunksOf(stream);
    stream.write("<p>a</p>");
    stream.end("<p>b</p>");
    const chunks = await out;
    expect(Buffer.concat(chunks).toString()).toBe("<p>a</p><p>b</p>");
    expect(chunks).toHaveLength(1);
  });
});
