/**
 * The HTML document as it streams: Remix's hydration starts after the first
 * paint (docs/decisions/0077-hydration-after-first-paint.md), and what React
 * writes in one turn of the event loop leaves as one chunk
 * (docs/decisions/0080-one-chunk-per-turn.md).
 */
import { StringDecoder } from "node:string_decoder";
import { Transform } from "node:stream";

const PRELOAD = '<link rel="modulepreload"';
/** A module preload of `<Scripts>`, up to its URL; `$1` is any attribute between. */
const PRELOAD_LINK = /<link rel="modulepreload"([^>]*?) href="/g;
/** The module script of `<Scripts>`: `$1`, `$2` its other attributes, `$3` its text. */
const MODULE_SCRIPT = /<script([^>]*) type="module"([^>]*)>([\s\S]*?)<\/script>/;

/** The length of the longest end of `text` that is a proper beginning of `needle` (0 when none is). */
function partialMatchAtEnd(text: string, needle: string): number {
  for (let length = Math.min(needle.length - 1, text.length); length > 0; length -= 1) {
    if (text.endsWith(needle.slice(0, length))) return length;
  }
  return 0;
}

/** `value` as a JavaScript literal that is safe inside an HTML `<script>` element. */
function scriptLiteral(value: string): string {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

/** How long the starter waits for a first contentful paint before it starts hydration anyway, ms. */
const FIRST_PAINT_WAIT_MS = 3000;

/**
 * How many deferred preloads the starter turns back on in one task. Each one
 * starts a request on the main thread, about 1.3 ms on this project's test
 * machine (5 ms with the CPU slowed 4×, as Lighthouse's mobile profile
 * does); 28 to 44 of them in one task made a long task of 70–270 ms there.
 */
const PRELOADS_PER_TASK = 4;

/**
 * The classic inline script that takes the place of Remix's module script.
 * It starts hydration once the browser has reported the first contentful
 * paint (a `paint` PerformanceObserver; two animation frames where paint
 * timing is not supported), at once in a hidden tab (which paints nothing),
 * and at the latest after FIRST_PAINT_WAIT_MS. Starting means: every
 * `<link data-modulepreload>` becomes a module preload again (`href` first,
 * so no preload is ever without one), PRELOADS_PER_TASK per task with a
 * zero-delay timer between them, and then the module script, `moduleText`,
 * is appended with this script's nonce.
 */
function starterScript(attributes: string, moduleText: string): string {
  return (
    `<script${attributes}>(function(n){var started=false,go=function(){if(started)return;started=true;` +
    `var l=document.querySelectorAll("link[data-modulepreload]"),i=0,step=function(){` +
    `for(var e=Math.min(i+${PRELOADS_PER_TASK},l.length);e>i;i++){l[i].href=l[i].getAttribute("data-modulepreload");l[i].rel="modulepreload"}` +
    `if(l.length>i)return setTimeout(step,0);` +
    `var s=document.createElement("script");s.type="module";s.nonce=n;s.textContent=${scriptLiteral(moduleText)};document.body.appendChild(s)};step()},` +
    `later=function(){setTimeout(go,0)},P=window.PerformanceObserver;` +
    `if(document.visibilityState==="hidden")return go();setTimeout(go,${FIRST_PAINT_WAIT_MS});` +
    `if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0){var o=new P(function(l){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();later()}});o.observe({type:"paint",buffered:true})}` +
    `else requestAnimationFrame(function(){requestAnimationFrame(later)})` +
    `})(document.currentScript.nonce)</script>`
  );
}

/**
 * A stream of UTF-8 HTML in; out, the same HTML with Remix's hydration
 * started after the first paint. Each `<link rel="modulepreload" href>` that
 * React rendered for `<Scripts>` becomes `<link data-modulepreload>` (no
 * `rel`: the browser neither fetches it nor warns), and the
 * `<script type="module">` is replaced, in its place, by `starterScript`.
 * Every element keeps its place, so hydration finds the tree it expects.
 *
 * Everything from the first preload to the end of the module script is held
 * back until that script has ended (the end of the document in practice);
 * chunk boundaries may fall anywhere, inside a tag or a multi-byte
 * character. A document without a module preload passes unchanged.
 */
export function hydrationAfterFirstPaint(): Transform {
  const decoder = new StringDecoder("utf8");
  let held = "";
  let done = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = held + decoder.write(chunk);
      held = "";
      if (done) return callback(null, text);
      const start = text.indexOf(PRELOAD);
      if (start === -1) {
        const hold = partialMatchAtEnd(text, PRELOAD);
        held = text.slice(text.length - hold);
        return callback(null, text.slice(0, text.length - hold));
      }
      const tail = text.slice(start);
      const script = MODULE_SCRIPT.exec(tail);
      if (!script) {
        held = tail;
        return callback(null, text.slice(0, start));
      }
      done = true;
      const links = tail.slice(0, script.index).replace(PRELOAD_LINK, '<link$1 data-modulepreload="');
      const starter = starterScript(script[1] + script[2].replace(' async=""', ""), script[3]);
      callback(null, text.slice(0, start) + links + starter + tail.slice(script.index + script[0].length));
    },
    flush(callback) {
      callback(null, held + decoder.end());
    },
  });
}

/**
 * A pass-through that gathers every chunk written to it during one turn of
 * the event loop and passes them on as one Buffer when the turn ends
 * (`setImmediate`), or at the end of the stream. Bytes and order are
 * unchanged; what is written in a later turn (a Suspense boundary that
 * resolves later) still goes out when it is written.
 *
 * Why: React writes a document in chunks of at most 2 KB, and Remix's Express
 * adapter flushes the response after each chunk it reads
 * (`writeReadableStreamToWritable` in @remix-run/node), which makes the
 * compression middleware end a compressed block for every chunk: a 50 KB
 * page became 25 flushes, more CPU and nearly twice the gzip bytes.
 */
export function oneChunkPerTurn(): Transform {
  let pending: Buffer[] = [];
  let scheduled = false;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      pending.push(chunk);
      if (!scheduled) {
        scheduled = true;
        setImmediate(() => {
          scheduled = false;
          if (pending.length > 0) stream.push(Buffer.concat(pending));
          pending = [];
        });
      }
      callback();
    },
    flush(callback) {
      const rest = pending;
      pending = [];
      callback(null, rest.length > 0 ? Buffer.concat(rest) : undefined);
    },
  });
  return stream;
}
