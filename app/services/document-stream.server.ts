/**
 * A rewrite of the HTML document as it streams: Remix's module preloads are
 * fetched at low priority (docs/decisions/0076-module-preloads-at-low-priority.md).
 */
import { StringDecoder } from "node:string_decoder";
import { Transform } from "node:stream";

const PRELOAD = '<link rel="modulepreload"';
const LOW_PRIORITY_PRELOAD = '<link rel="modulepreload" fetchpriority="low"';

/** The length of the longest end of `text` that is a proper beginning of `needle` (0 when none is). */
function partialMatchAtEnd(text: string, needle: string): number {
  for (let length = Math.min(needle.length - 1, text.length); length > 0; length -= 1) {
    if (text.endsWith(needle.slice(0, length))) return length;
  }
  return 0;
}

/**
 * A stream of UTF-8 HTML in, the same HTML out with `fetchpriority="low"` in
 * every `<link rel="modulepreload"` (as React renders the links of Remix's
 * `<Scripts>`). Chunk boundaries may fall anywhere, inside the tag or inside a
 * multi-byte character: the end of a chunk that could begin the tag is held
 * back until the next chunk (or the end).
 */
export function lowPriorityModulePreloads(): Transform {
  const decoder = new StringDecoder("utf8");
  let held = "";
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = (held + decoder.write(chunk)).replaceAll(PRELOAD, LOW_PRIORITY_PRELOAD);
      const hold = partialMatchAtEnd(text, PRELOAD);
      held = text.slice(text.length - hold);
      callback(null, text.slice(0, text.length - hold));
    },
    flush(callback) {
      callback(null, (held + decoder.end()).replaceAll(PRELOAD, LOW_PRIORITY_PRELOAD));
    },
  });
}
