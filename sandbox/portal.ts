// The bank's online-banking login, reduced to "pick a demo user": it mints a bank token and
// sends the browser to the app's /access, which is how the real portal hands over a session.

import { findBankUser, findCompany, findMemberByUserName, type SandboxContext } from "./context";
import { escapeHtml, html, redirect, type Router } from "./http";
import { mintBankToken } from "./tokens";
import type { BankUser } from "./types";

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="es-MX">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 44rem; padding: 0 1rem; color: #1f2937; }
  li { margin: 0.75rem 0; }
  a { color: #0b5cab; font-weight: 600; }
  small { color: #4b5563; display: block; }
</style>
</head>
<body>
${body}
</body>
</html>`;
}

function describeUser(ctx: SandboxContext, user: BankUser): string {
  const fullName = [user.name, user.firstLastName, user.secondLastName].filter(Boolean).join(" ");
  const companies = user.companies
    .map((link) => `${findCompany(ctx.state, link.clientId)?.businessName ?? link.clientId} (${link.profileType})`)
    .join(", ");
  const membership = findMemberByUserName(ctx.state, user.userName)?.membership;
  const plan = !membership
    ? "sin membresía"
    : membership.membershipId === 2
      ? membership.freeTrial
        ? "Pro en periodo de prueba"
        : "Pro"
      : "Básica";
  return `${fullName} — ${companies} — ${plan}`;
}

/**
 * The app's `state` (an opaque value it issued before sending the person here) travels through
 * the portal and comes back on the link to /access, as an OAuth-style bank portal does.
 */
function stateOf(query: URLSearchParams): string | null {
  const state = query.get("state");
  return state && /^[A-Za-z0-9_-]{16,128}$/.test(state) ? state : null;
}

export function registerPortalRoutes(router: Router, ctx: SandboxContext): void {
  router
    .get("/banca", ({ query }) => {
      const state = stateOf(query);
      const carried = state ? `&state=${encodeURIComponent(state)}` : "";
      const items = ctx.state.bankUsers
        .map(
          (user) =>
            `<li><a href="/banca/entrar?usuario=${encodeURIComponent(user.userName)}${carried}">Entrar como ${escapeHtml(
              user.userName,
            )}</a><small>${escapeHtml(describeUser(ctx, user))}</small></li>`,
        )
        .join("\n");
      return html(
        200,
        page(
          "Banca en línea (sandbox)",
          `<h1>Banca en línea</h1>
<p>Portal de pruebas del sandbox. Elige un usuario de demostración para entrar a la aplicación.</p>
<ul>
${items}
</ul>`,
        ),
      );
    })
    .get("/banca/entrar", ({ query }) => {
      const userName = query.get("usuario") ?? "";
      const user = findBankUser(ctx.state, userName);
      const firstCompany = user?.companies[0];
      if (!user || !firstCompany) {
        return html(
          404,
          page(
            "Usuario no encontrado",
            `<h1>Usuario no encontrado</h1>
<p>No existe el usuario «${escapeHtml(userName)}» en la banca en línea del sandbox.</p>
<p><a href="/banca">Volver a la lista de usuarios</a></p>`,
          ),
        );
      }
      const token = mintBankToken(ctx.state, user.userName, firstCompany.clientId, ctx.now().getTime(), ctx.bankTokenTtlSeconds);
      const state = stateOf(query);
      return redirect(`${ctx.appUrl}/access?jwt=${encodeURIComponent(token)}${state ? `&state=${encodeURIComponent(state)}` : ""}`);
    });
}
