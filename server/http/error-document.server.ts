import type { ErrorTextKey } from "#core/error-texts";
import { errorTextKey } from "#core/error-texts";
import errors from "#core/locales/es-MX/errors.json";
import { folioForReading } from "#core/trace-labels";

/**
 * A Spanish error page the server writes itself, for answers no route boundary renders: what the
 * HTTP layer refuses before the app runs, and a download that failed. Same words as the app's
 * error screens (errors.json), no script, no stylesheet to load, readable on a phone.
 */
const escape = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/** The request's 'Folio de soporte', as the app's error screens show it (docs/decisions/106). */
function folioBlock(folio: string): string {
  return `<div class="folio" data-folio="${escape(folio)}">
<p><strong>${escape(errors.folio)}: <span class="id">${escape(folioForReading(folio))}</span></strong></p>
<p>${escape(errors.folioHint)}</p>
</div>
`;
}

export function errorDocument(status: number, key: ErrorTextKey = errorTextKey(status), note?: string, folio?: string | null): string {
  const { title, description } = errors[key];
  const heading = errors.status.replace("{{status}}", String(status));
  return `<!DOCTYPE html>
<html lang="es-MX">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Liberation Sans",sans-serif;color:#0f172a;background:#f8fafc}
main{max-width:36rem;margin:0 auto;min-height:80vh;display:flex;flex-direction:column;justify-content:center;align-items:center;gap:1rem;padding:2rem;text-align:center}
.status{font-size:.875rem;font-weight:600;text-transform:uppercase;letter-spacing:.05em;color:#1a5fd0}
h1{font-size:1.5rem;margin:0}
p{margin:0;color:#475569;line-height:1.5}
a{display:inline-block;border-radius:.375rem;background:#1a5fd0;color:#fff;font-weight:600;padding:.5rem 1rem;text-decoration:none}
a:focus-visible{outline:3px solid #93c5fd;outline-offset:2px}
.folio{border:1px solid #e2e8f0;border-radius:.375rem;background:#fff;padding:.75rem 1rem;font-size:.875rem}
.folio strong{color:#0f172a}
.folio .id{font-family:ui-monospace,"Liberation Mono",monospace;white-space:nowrap}
</style>
</head>
<body>
<main id="contenido">
<p class="status">${escape(heading)}</p>
<h1>${escape(title)}</h1>
<p>${escape(description)}</p>
${note === undefined ? "" : `<p>${escape(note)}</p>\n`}${folio ? folioBlock(folio) : ""}<a href="/">${escape(errors.backHome)}</a>
</main>
</body>
</html>
`;
}

/** 'Podrás intentarlo de nuevo en N segundos.' under a 429. */
export function retryInText(seconds: number): string {
  const text = seconds === 1 ? errors.tooManyRequests.retryIn_one : errors.tooManyRequests.retryIn_other;
  return text.replace("{{count}}", String(seconds));
}

/** The page as a response; `headers` keeps what must survive (a Set-Cookie, a Retry-After). */
export function errorDocumentResponse(
  status: number,
  options: { key?: ErrorTextKey; headers?: HeadersInit; note?: string; folio?: string | null } = {},
): Response {
  const headers = new Headers(options.headers);
  headers.set("Content-Type", "text/html; charset=utf-8");
  headers.set("Cache-Control", "no-store");
  return new Response(errorDocument(status, options.key, options.note, options.folio), { status, headers });
}
