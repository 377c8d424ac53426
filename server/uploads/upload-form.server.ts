import { MaxPartSizeExceededError, unstable_createMemoryUploadHandler, unstable_parseMultipartFormData } from "@remix-run/node";

import { UPLOAD_MAX_BYTES } from "#core/domain/spreadsheet";

import { isBodyTooLarge } from "../http/body-limit.server";
import { checkCsrf } from "../session/csrf.server";

/**
 * The upload form's body (multipart) read with its size checked first: at most the file limit
 * of §9 plus room for the other fields is kept in memory; anything bigger is drained (so the
 * browser gets our answer, not a reset connection) and refused before any parsing. The CSRF
 * token is checked like every other form's.
 */
const FORM_OVERHEAD_BYTES = 64 * 1024;
/** Beyond this the connection is not worth draining: the answer is sent right away. */
const DRAIN_LIMIT_BYTES = 32 * 1024 * 1024;

export type UploadForm = { ok: true; form: FormData; file: { name: string; bytes: Uint8Array } | null } | { ok: false; error: "size" };

async function readLimited(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer> | "tooLarge"> {
  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > DRAIN_LIMIT_BYTES) return "tooLarge";
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let tooLarge = Number.isFinite(declared) && declared > limit;
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch (error) {
      // The HTTP layer cut a chunked body at the route's limit; anything else is a broken body.
      if (isBodyTooLarge(error)) return "tooLarge";
      throw new Response("Solicitud inválida", { status: 400 });
    }
    const { done, value } = chunk;
    if (done) break;
    size += value.byteLength;
    if (size > DRAIN_LIMIT_BYTES) {
      await reader.cancel();
      return "tooLarge";
    }
    if (size > limit) tooLarge = true;
    if (!tooLarge) chunks.push(value);
  }
  if (tooLarge) return "tooLarge";
  const body = new Uint8Array(new ArrayBuffer(size));
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

export async function readUploadForm(request: Request, fileField = "archivo"): Promise<UploadForm> {
  const body = await readLimited(request, UPLOAD_MAX_BYTES + FORM_OVERHEAD_BYTES);
  if (body === "tooLarge") return { ok: false, error: "size" };
  let form: FormData;
  try {
    const buffered = new Request(request.url, { method: "POST", headers: request.headers, body });
    form = await unstable_parseMultipartFormData(buffered, unstable_createMemoryUploadHandler({ maxPartSize: UPLOAD_MAX_BYTES }));
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) return { ok: false, error: "size" };
    throw new Response("Solicitud inválida", { status: 400 });
  }
  await checkCsrf(form, request);
  const value = form.get(fileField);
  const file =
    value instanceof File && value.size > 0 ? { name: value.name.slice(0, 200), bytes: new Uint8Array(await value.arrayBuffer()) } : null;
  return { ok: true, form, file };
}
