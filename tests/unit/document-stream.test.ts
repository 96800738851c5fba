/** The document rewrite that fetches Remix's module preloads at low priority, whatever the chunk boundaries. */
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { lowPriorityModulePreloads } from "~/services/document-stream.server";

const HTML =
  '<head><link rel="stylesheet" href="/build/a.css"/></head><body><p>Prix: 12 € · ¥</p>' +
  '<link rel="modulepreload" href="/build/manifest.js"/><link rel="modulepreload" href="/build/entry.client.js"/>' +
  '<script type="module">import "/build/entry.client.js";</script></body>';
const EXPECTED = HTML.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"');

async function rewrite(chunks: Buffer[]): Promise<string> {
  return text(Readable.from(chunks).pipe(lowPriorityModulePreloads()));
}

describe("lowPriorityModulePreloads", () => {
  it("marks every module preload and changes nothing else", async () => {
    const out = await rewrite([Buffer.from(HTML)]);
    expect(out).toBe(EXPECTED);
    expect(out.match(/fetchpriority="low"/g)).toHaveLength(2);
    expect(out).toContain('<link rel="stylesheet" href="/build/a.css"/>');
  });

  it("gives the same document for a split at every byte, inside a tag or a multi-byte character", async () => {
    const bytes = Buffer.from(HTML);
    for (let at = 1; at < bytes.length; at += 1) {
      expect(await rewrite([bytes.subarray(0, at), bytes.subarray(at)]), `split at ${at}`).toBe(EXPECTED);
    }
  });

  it("gives the same document when it arrives a byte at a time", async () => {
    const bytes = Buffer.from(HTML);
    expect(await rewrite([...bytes].map((byte) => Buffer.from([byte])))).toBe(EXPECTED);
  });
});
