import { PassThrough } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";

import { describe, expect, it } from "vitest";

import { writeBody } from "./remix-handler.server";

/** A response as compression leaves it: a writable with `flush`, here counting the flushes between writes. */
function sink() {
  const stream = new PassThrough() as PassThrough & { flush: () => void };
  const events: string[] = [];
  const chunks: Buffer[] = [];
  stream.on("data", (chunk: Buffer) => {
    chunks.push(chunk);
    events.push("write");
  });
  stream.flush = () => events.push("flush");
  return { stream, events, text: () => Buffer.concat(chunks).toString("utf8") };
}

const bytes = (text: string) => new TextEncoder().encode(text);

describe("writeBody", () => {
  it("writes a page's burst of chunks whole and flushes once, not once per chunk", async () => {
    const { stream, events, text } = sink();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const part of ["<!DOCTYPE html>", "<html>", "<body>Operar</body>", "</html>"]) controller.enqueue(bytes(part));
        controller.close();
      },
    });
    const ended = new Promise((resolve) => stream.on("end", resolve));
    await writeBody(body, stream);
    await ended;
    expect(text()).toBe("<!DOCTYPE html><html><body>Operar</body></html>");
    // One write for the burst, so the compressor gets the page whole.
    expect(events.filter((event) => event === "write")).toEqual(["write"]);
    // Ending the response flushes what is left; no flush per chunk.
    expect(events.filter((event) => event === "flush").length).toBeLessThanOrEqual(1);
  });

  it("flushes a part that comes later as soon as its burst is written (deferred data, events)", async () => {
    const { stream, events } = sink();
    let push: (text: string) => void = () => undefined;
    let close: () => void = () => undefined;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        push = (text) => controller.enqueue(bytes(text));
        close = () => controller.close();
      },
    });
    const writing = writeBody(body, stream);
    push("first");
    await sleep(20);
    expect(events).toEqual(["write", "flush"]);
    push("second");
    push("third");
    await sleep(20);
    expect(events).toEqual(["write", "flush", "write", "flush"]);
    close();
    await writing;
  });

  it("writes a burst larger than 64 kB as it goes, without holding it whole", async () => {
    const { stream, events, text } = sink();
    const piece = "x".repeat(16 * 1024);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let index = 0; index < 10; index += 1) controller.enqueue(bytes(piece));
        controller.close();
      },
    });
    await writeBody(body, stream);
    await new Promise((resolve) => setImmediate(resolve));
    expect(text().length).toBe(10 * piece.length);
    expect(events.filter((event) => event === "write").length).toBe(3);
  });

  it("destroys the response when the body fails midway, and says why", async () => {
    const { stream } = sink();
    const failure = new Error("render failed");
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes("<html>"));
      },
      pull(controller) {
        controller.error(failure);
      },
    });
    stream.on("error", () => undefined);
    await expect(writeBody(body, stream)).rejects.toBe(failure);
    expect(stream.destroyed).toBe(true);
  });
});
