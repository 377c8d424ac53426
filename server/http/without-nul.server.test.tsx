import { PassThrough, Readable } from "node:stream";
import { text } from "node:stream/consumers";

import { renderToPipeableStream, renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { withoutNul } from "./without-nul.server";

/** Short text nodes with accents, so React's 2,048-byte buffer fills a little at a time. */
const page = (
  <ul>
    {Array.from({ length: 400 }, (_, i) => (
      <li key={i}>{`Méndez Ríos ${"·".repeat(i % 7)} ${i}`}</li>
    ))}
  </ul>
);

function streamed(through: () => PassThrough | ReturnType<typeof withoutNul>): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const body = through();
    const chunks: Buffer[] = [];
    body.on("data", (chunk: Buffer) => chunks.push(chunk));
    body.on("end", () => resolve(Buffer.concat(chunks)));
    const { pipe } = renderToPipeableStream(page, { onAllReady: () => pipe(body), onError: reject });
  });
}

describe("withoutNul", () => {
  it("takes out the NUL bytes React 18.3's stream puts where an accent meets its buffer's end", async () => {
    // The bug this guards against: when React is upgraded past it, this fails and the guard can go.
    expect((await streamed(() => new PassThrough())).includes(0)).toBe(true);
    const html = (await streamed(withoutNul)).toString("utf8");
    expect(html).not.toContain("\0");
    expect(html).toBe(renderToString(page));
  });

  it("passes other bytes on untouched, chunk by chunk", async () => {
    const bytes = [Buffer.from("Señal"), Buffer.from([0x61, 0, 0, 0x62]), Buffer.from("ó")];
    expect(await text(Readable.from(bytes).pipe(withoutNul()))).toBe("Señalabó");
  });
});

describe("withoutNul's end", () => {
  it("ends once: a second end() after the page (React's, on close) is quietly ignored", async () => {
    const body = withoutNul();
    const chunks: Buffer[] = [];
    body.on("data", (chunk: Buffer) => chunks.push(chunk));
    const closed = new Promise((resolve) => body.once("close", resolve));
    body.end(Buffer.from("<p>listo</p>"));
    await closed;
    const second = await new Promise<unknown>((resolve) => body.end(resolve));
    expect(second).toBeUndefined();
    expect(Buffer.concat(chunks).toString()).toBe("<p>listo</p>");
  });
});
