import texts from "#core/locales/es-MX/common.json";

/**
 * The Spanish page for what the HTTP layer refuses before the app runs (a cross-site form, an
 * oversized body, too many requests): same words as the app's error screens, no script, no
 * stylesheet to load, readable on a phone.
 */
export type Refusal = "crossSite" | "tooLarge" | "tooManyRequests";

const STATUS: Record<Refusal, number> = { crossSite: 403, tooLarge: 413, tooManyRequests: 429 };

const escape = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

export function refusalStatus(kind: Refusal): number {
  return STATUS[kind];
}

export function refusalPage(kind: Refusal, retryAfterSeconds?: number): string {
  const { title, description } = texts.errors[kind];
  const status = texts.errors.status.replace("{{status}}", String(STATUS[kind]));
  const retry =
    retryAfterSeconds === undefined
      ? ""
      : `<p>${escape((retryAfterSeconds === 1 ? texts.errors.tooManyRequests.retryIn_one : texts.errors.tooManyRequests.retryIn_other).replace("{{count}}", String(retryAfterSeconds)))}</p>`;
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
</style>
</head>
<body>
<main id="contenido">
<p class="status">${escape(status)}</p>
<h1>${escape(title)}</h1>
<p>${escape(description)}</p>
${retry}
<a href="/">${escape(texts.errors.backHome)}</a>
</main>
</body>
</html>
`;
}
