/**
 * The HTML document as it streams: what React writes in one turn of the event
 * loop leaves as one chunk (docs/decisions/0080-one-chunk-per-turn.md). The
 * document is otherwise sent as React renders it: `<Scripts>`' module preloads
 * and module script start hydration as soon as they arrive
 * (docs/decisions/0127-hydration-with-the-document.md).
 */
import { Transform } from "node:stream";

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
