import { Transform } from "node:stream";

/**
 * A stream that passes the page's bytes on without NUL bytes.
 *
 * React 18.3's streaming renderer (renderToPipeableStream) writes its 2,048-byte buffer whole when
 * a multi-byte character does not fit at its end, so the unused bytes go out as NULs
 * (react/react#31134; fixed in React 19): 'Méndez Ríos' arrives as 'Méndez R\0íos' when the í
 * straddles a boundary, and where it happens moves with every nonce and key. NUL is never part of
 * a page (HTML's parser treats it as an error), so dropping every 0x00 byte gives back exactly what
 * React meant to send.
 */
export function withoutNul(): Transform {
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (chunk.indexOf(0) === -1) return done(null, chunk);
      const kept = Buffer.allocUnsafe(chunk.length);
      let length = 0;
      for (const byte of chunk) if (byte !== 0) kept[length++] = byte;
      done(null, kept.subarray(0, length));
    },
  });
  // React ends its destination once more when the destination closes after the page (its
  // abort-on-close handler flushes and ends again): Node answers a second end() by building an
  // ERR_STREAM_ALREADY_FINISHED error, stack trace and all, for nobody to read, on every page.
  const end = stream.end.bind(stream) as (...args: unknown[]) => Transform;
  stream.end = ((...args: unknown[]) => {
    if (!stream.writableEnded) return end(...args);
    const done = args.find((arg) => typeof arg === "function") as (() => void) | undefined;
    if (done) process.nextTick(done);
    return stream;
  }) as Transform["end"];
  return stream;
}
