// Signs the quotes the price WebSocket streams and verifies them when /setoperation receives one
// back, so an operation can only be created at a price the sandbox really quoted. Both sides use
// this module so the signed text cannot drift between them.

import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export interface Quote {
  /** The pair as quoted, e.g. "USD/MXN". */
  cp: string;
  lpId: string;
  Buy: number;
  Sell: number;
  /** Epoch ms of the quote. */
  ts: number;
}

/** A fresh secret per sandbox; /__reset replaces it so quotes from before a reset stop verifying. */
export function newPriceSecret(): string {
  return randomBytes(32).toString("hex");
}

/** The exact text that is signed: numbers use JS's default formatting, the same on both sides. */
function signedText(quote: Quote): string {
  return `${quote.cp}|${quote.lpId}|${quote.Buy}|${quote.Sell}|${quote.ts}`;
}

/** HMAC-SHA256(secret, `${cp}|${lpId}|${Buy}|${Sell}|${ts}`) as lowercase hex. */
export function signQuote(secret: string, quote: Quote): string {
  return createHmac("sha256", secret).update(signedText(quote)).digest("hex");
}

export function verifyQuote(secret: string, quote: Quote & { sig: string }): boolean {
  if (!/^[0-9a-f]{64}$/i.test(quote.sig)) return false;
  const expected = Buffer.from(signQuote(secret, quote), "hex");
  const given = Buffer.from(quote.sig.toLowerCase(), "hex");
  // Constant time, as a real bank would; lengths are equal thanks to the regex above.
  return timingSafeEqual(expected, given);
}
