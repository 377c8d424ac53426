import { describe, expect, it } from "vitest";

import { UPLOAD_MAX_BYTES } from "#core/domain/spreadsheet";

import { readUploadForm } from "./upload-form.server";

const multipart = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request("http://portal.test/destinatarios-alta-multiple", {
    method: "POST",
    headers: { "content-type": "multipart/form-data; boundary=----x", ...headers },
    body,
    // Node's fetch needs this for a streamed body.
    ...({ duplex: "half" } as object),
  });

describe("readUploadForm: size before parsing", () => {
  it("refuses a body that declares more than the limit can hold, without reading it", async () => {
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(1024));
      },
    });
    expect(await readUploadForm(multipart(stream, { "content-length": String(64 * 1024 * 1024) }))).toEqual({ ok: false, error: "size" });
    expect(pulled).toBeLessThanOrEqual(1);
  });

  it("refuses a body bigger than the file limit (the multipart parser never sees it)", async () => {
    const big = new Uint8Array(UPLOAD_MAX_BYTES + 128 * 1024).fill(0x61);
    expect(await readUploadForm(multipart(big))).toEqual({ ok: false, error: "size" });
  });

  it("stops draining a stream that never ends", async () => {
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(new Uint8Array(1024 * 1024));
      },
    });
    expect(await readUploadForm(multipart(endless))).toEqual({ ok: false, error: "size" });
  });

  it("answers 400 (not 500) for a multipart body it cannot parse", async () => {
    const error = await readUploadForm(multipart("not multipart at all", { "content-type": "multipart/form-data" })).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(Response);
    expect((error as Response).status).toBe(400);
  });
});
