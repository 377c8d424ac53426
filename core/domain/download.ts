/**
 * The Content-Disposition of a download (RFC 6266). Browsers that read `filename*` (RFC 5987)
 * save the file under its own name, accents included; the plain `filename` is an ASCII fallback
 * for the rest, and both are cleaned so that no name can break out of the header or name a path.
 */

const MAX_NAME = 120;

/** Splits "resultado.xlsx" into base and extension (extension only if it looks like one). */
function splitExtension(name: string): { base: string; extension: string } {
  const match = /^(.*)\.([A-Za-z0-9]{1,5})$/.exec(name);
  return match ? { base: match[1], extension: `.${match[2].toLowerCase()}` } : { base: name, extension: "" };
}

/** The name as the person will see it: no control characters, path separators, quotes or reserved characters. */
function unicodeName(name: string): string {
  const { base, extension } = splitExtension(name.normalize("NFC").trim());
  const clean = base
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, "")
    .replace(/[\\/:*?"<>|;]+/g, "-")
    .replace(/\s+/g, " ")
    .replace(/-{2,}/g, "-")
    .replace(/^[\s.-]+|[\s.-]+$/g, "")
    .slice(0, MAX_NAME);
  return `${clean || "archivo"}${extension}`;
}

/** The same name in plain ASCII letters, digits, '-', '_' and '.': accents dropped, the rest a '-'. */
function asciiName(name: string): string {
  const { base, extension } = splitExtension(name);
  const clean = base
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .replace(/[^A-Za-z0-9_.-]+/g, "-")
    .replace(/-{2,}/g, "-")
    .replace(/^[.-]+|[.-]+$/g, "")
    .slice(0, MAX_NAME);
  return `${clean || "archivo"}${extension}`;
}

/** RFC 5987 value-chars: encodeURIComponent leaves ' ( ) * as they are, which the grammar does not allow. */
function rfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** `attachment; filename="…"` and, when the name is not plain ASCII, `filename*=UTF-8''…` too. */
export function attachmentDisposition(fileName: string): string {
  const shown = unicodeName(fileName);
  const ascii = asciiName(shown);
  return ascii === shown ? `attachment; filename="${ascii}"` : `attachment; filename="${ascii}"; filename*=UTF-8''${rfc5987(shown)}`;
}
