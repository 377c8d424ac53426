import { attachmentDisposition } from "#core/domain/download";

export type DownloadBody = string | Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array>;

/**
 * Every file the app hands over (receipts, invoices, exports, templates, upload results) is a
 * company's financial document: an attachment under a safe name (core/domain/download), never
 * stored by a browser or proxy cache, never sniffed into something the browser would run.
 * A stream goes through as it is, so a large export starts before its last page is read.
 */
export function downloadResponse(body: DownloadBody, file: { name: string; contentType: string }): Response {
  const headers = new Headers({
    "Content-Type": file.contentType,
    "Content-Disposition": attachmentDisposition(file.name),
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
  });
  if (typeof body !== "string" && !(body instanceof ReadableStream)) headers.set("Content-Length", String(body.byteLength));
  return new Response(body, { headers });
}
