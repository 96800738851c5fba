/** The document stream: one chunk per turn of the event loop (ADR 0080). */
import { describe, expect, it } from "vitest";
import { oneChunkPerTurn } from "~/services/document-stream.server";

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
