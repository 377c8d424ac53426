/**
 * Amounts as people type them in es-MX (decision 054): digits grouped by thousands with commas and a
 * point before the cents, "1,234,567.89". The browser groups while the person types; the server
 * reads the same text back. A comma is only ever a thousands separator: "1,5" is refused rather
 * than read as 15 or as 1.5, because a misread amount here moves money.
 */

/** Plain digits with an optional point and decimals, or the same digits grouped correctly by commas. */
const PLAIN = /^\d+(\.\d*)?$/;
const GROUPED = /^\d{1,3}(,\d{3})+(\.\d*)?$/;

/**
 * The amount's plain text ("1234567.89") from what the person typed ("1,234,567.89"), or null when
 * the text is not an amount: letters, signs, exponents, two points, or commas out of place.
 * Spaces around it are ignored. The number of decimals is the schema's business, not this one's.
 */
export function parseAmountInput(text: string): string | null {
  const trimmed = text.trim();
  if (PLAIN.test(trimmed)) return trimmed.endsWith(".") ? trimmed.slice(0, -1) : trimmed;
  if (GROUPED.test(trimmed)) {
    const plain = trimmed.replace(/,/g, "");
    return plain.endsWith(".") ? plain.slice(0, -1) : plain;
  }
  return null;
}

/** "1234567.8" → "1,234,567.8": the integer part grouped, decimals as typed. */
export function groupAmount(plain: string): string {
  const [integer, decimals] = plain.split(".");
  const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return decimals === undefined ? grouped : `${grouped}.${decimals}`;
}

/** Characters that carry the amount's meaning: digits and the decimal point. */
const isMeaningful = (char: string) => /[\d.]/.test(char);

/**
 * What an amount input shows after a keystroke: the text regrouped, and the caret kept after the
 * same digit it followed, so typing in the middle or deleting next to a comma feels natural.
 * Text that is not made of digits, commas and at most one point is left alone (the schema will
 * say why), and so is the caret.
 */
export function regroupTyping(text: string, caret: number): { text: string; caret: number } {
  if (!/^[\d,.]*$/.test(text) || (text.match(/\./g)?.length ?? 0) > 1) return { text, caret };
  const plain = text.replace(/,/g, "");
  // Leading zeros are dropped ("007" is 7), but one stays before the point ("0.5").
  const normalised = plain.replace(/^0+(?=\d)/, "");
  const before = [...text.slice(0, caret)].filter(isMeaningful).length - (plain.length - normalised.length);
  const grouped = groupAmount(normalised);
  let seen = 0;
  let position = 0;
  while (position < grouped.length && seen < Math.max(0, before)) {
    if (isMeaningful(grouped[position])) seen += 1;
    position += 1;
  }
  return { text: grouped, caret: position };
}
