import { describe, expect, it } from "vitest";

import { downloadResponse } from "./download.server";

describe("downloadResponse", () => {
  it("an attachment under its name, never cached, never sniffed, with its length", async () => {
    const bytes = new Uint8Array([37, 80, 68, 70, 45]);
    const response = downloadResponse(bytes, { name: "comprobante_compra_1.pdf", contentType: "application/pdf" });
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toEqual({
      "cache-control": "private, no-store",
      "content-disposition": 'attachment; filename="comprobante_compra_1.pdf"',
      "content-length": "5",
      "content-type": "application/pdf",
      "x-content-type-options": "nosniff",
    });
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes);
  });

  it("a name with accents gets its UTF-8 form beside the ASCII one", () => {
    const response = downloadResponse("a,b\r\n", { name: "resultado-Nómina.csv", contentType: "text/csv; charset=utf-8" });
    expect(response.headers.get("content-disposition")).toBe(
      "attachment; filename=\"resultado-Nomina.csv\"; filename*=UTF-8''resultado-N%C3%B3mina.csv",
    );
  });

  it("a stream goes through chunk by chunk, without a length", async () => {
    const encoder = new TextEncoder();
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode("uno\r\n"));
        controller.enqueue(encoder.encode("dos\r\n"));
        controller.close();
      },
    });
    const response = downloadResponse(stream, { name: "export.csv", contentType: "text/csv; charset=utf-8" });
    expect(response.headers.get("content-length")).toBeNull();
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(await response.text()).toBe("uno\r\ndos\r\n");
  });
});
