// The bank's challenge page (prefix /challenge): the user confirms an operation with the
// "clave de operación" of their token and is sent back to the app's /transaction with the result.
// Plain server-rendered HTML and a form post, so it works without JavaScript. It never moves
// money itself: the app reports the result to /api/processchallenge.

import { z } from "zod";

import type { SandboxContext } from "./context";
import { escapeHtml, html, redirect, type Reply, type Router } from "./http";
import { notWaitingMessage, waitsForToken } from "./operation-lifecycle";
import { debitOf, findOperationByTrk } from "./operations";
import { payeeOf } from "./payees";
import { findRegistrationByTrk, type RegistrationRecord, registrationReturnUrl, registrationSummary } from "./recipient-registration";
import { scheduledEventPaidByAnother } from "./schedules";
import { accountName, moneyText } from "./texts";
import type { OperationRecord, SandboxState } from "./types";

export interface ChallengeOutcome {
  res: string;
  msg: string;
  retries: string;
}

const CANCEL_KEY = "777777";

/** Demo keys and what the bank would answer for each (contract, "Challenge page"). */
export const DEMO_KEYS: { key: string; outcome: ChallengeOutcome; meaning: string }[] = [
  { key: "123456", outcome: { res: "0", msg: "Operación autorizada", retries: "0" }, meaning: "Autoriza la operación" },
  {
    key: "111111",
    outcome: { res: "1", msg: "Error de autenticación|La clave de operación es incorrecta", retries: "0" },
    meaning: "Clave incorrecta (también cualquier otra clave)",
  },
  {
    key: "222222",
    outcome: {
      res: "2",
      msg: "Token válido, usuario no autenticado con la clave dinámica. Verifique e intente nuevamente",
      retries: "0",
    },
    meaning: "Token vencido",
  },
  {
    key: "333333",
    outcome: { res: "3", msg: "Token válido, usuario no autenticado con la clave dinámica", retries: "0" },
    meaning: "Token incorrecto",
  },
  {
    key: "444444",
    outcome: { res: "4", msg: "Servicio no disponible, intenta más tarde", retries: "0" },
    meaning: "Servicio no disponible",
  },
  {
    key: "555555",
    outcome: { res: "5", msg: "Se agotó el tiempo para autorizar|Tu operación no se confirmó a tiempo", retries: "2" },
    meaning: "Tiempo agotado (quedan reintentos)",
  },
  {
    key: "555551",
    outcome: { res: "5", msg: "Se agotó el tiempo para autorizar|Tu operación no se confirmó a tiempo", retries: "1" },
    meaning: "Tiempo agotado (último reintento)",
  },
  {
    key: "666666",
    outcome: { res: "6", msg: "Fondos insuficientes|La cuenta de origen no tiene saldo suficiente", retries: "0" },
    meaning: "Fondos insuficientes",
  },
  ...(
    [
      [
        "818181",
        "Dirección del destinatario incompleta|El domicilio registrado del destinatario no está completo",
        "Dirección del destinatario incompleta",
      ],
      ["828282", "Monto diario del destinatario excedido", "Monto diario del destinatario excedido"],
      ["838383", "Monto mensual del destinatario excedido", "Monto mensual del destinatario excedido"],
      ["848484", "Monto diario de la cuenta excedido", "Monto diario de la cuenta excedido"],
      ["858585", "Monto por transacción de la cuenta excedido", "Monto por transacción de la cuenta excedido"],
      ["868686", "Se requiere una firma adicional para autorizar la operación", "Firma adicional requerida"],
      ["878787", "Privilegios de mancomunación insuficientes", "Mancomunación: falta otro firmante"],
      ["898989", "Token out of sync", "Token desincronizado (mensaje en inglés)"],
    ] as const
  ).map(([key, msg, meaning]) => ({ key, outcome: { res: "8", msg, retries: "0" }, meaning })),
  {
    key: CANCEL_KEY,
    outcome: { res: "7", msg: "Movimiento cancelado por el usuario", retries: "0" },
    meaning: "Cancela (igual que el botón Cancelar)",
  },
];

const WRONG_KEY = DEMO_KEYS[1].outcome;
const CANCELLED = DEMO_KEYS[DEMO_KEYS.length - 1].outcome;

/** The bank's answer to a key; "cancelar" wins over whatever was typed. */
export function challengeOutcome(action: string | undefined, key: string): ChallengeOutcome {
  if (action === "cancelar") return CANCELLED;
  return DEMO_KEYS.find((demo) => demo.key === key)?.outcome ?? WRONG_KEY;
}

const formInput = z.object({
  trk: z.string().default(""),
  clave: z.string().default(""),
  action: z.string().optional(),
});

const KIND_LABELS = { buy: "Compra de divisas", sell: "Venta de divisas", transfer: "Transferencia" } as const;

/** Only the last four digits, as bank pages show accounts. */
function masked(label: string, account: string): string {
  return `${label}, terminación ${account.slice(-4)}`;
}

export function page(status: number, title: string, body: string): Reply {
  return html(
    status,
    `<!doctype html>
<html lang="es-MX">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Banca en línea</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 36rem; padding: 0 1rem; color: #1f2937; line-height: 1.5; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; }
  dt { font-weight: 600; }
  dd { margin: 0; }
  label { display: block; font-weight: 600; margin-top: 1.5rem; }
  input { font-size: 1.25rem; padding: 0.5rem; width: 10ch; letter-spacing: 0.2em; }
  .hint { color: #4b5563; margin: 0.25rem 0 1rem; }
  .actions { display: flex; gap: 1rem; }
  button { font-size: 1rem; padding: 0.6rem 1.4rem; border-radius: 0.375rem; border: 2px solid #0b5cab; cursor: pointer; }
  button[value="confirmar"] { background: #0b5cab; color: #fff; }
  button[value="cancelar"] { background: #fff; color: #0b5cab; }
  :focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
  table { border-collapse: collapse; margin-top: 0.5rem; }
  th, td { text-align: left; padding: 0.25rem 0.75rem 0.25rem 0; border-bottom: 1px solid #e5e7eb; }
  .sandbox { margin-top: 2.5rem; padding: 1rem; background: #fef3c7; border-radius: 0.5rem; }
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`,
  );
}

export function notFoundPage(): Reply {
  return page(
    404,
    "Operación no encontrada",
    `<h1>Operación no encontrada</h1>
<p>No encontramos la operación que quieres confirmar. Regresa a la aplicación e inténtalo de nuevo.</p>`,
  );
}

/** An operation the page can no longer confirm: voided, already processed, or waiting for an administrator. */
function notPendingPage(operation: OperationRecord): Reply {
  const title = operation.status === "notAppliedByAdmin" ? "Operación anulada" : "Operación no disponible";
  const reason =
    operation.requiresAdminApproval && !operation.approvedBy && operation.status === "sent"
      ? "Esta operación espera la aprobación de un administrador; no se confirma con tu clave."
      : operation.status === "sent"
        ? "Esta operación ya fue procesada; no hace falta confirmarla de nuevo."
        : notWaitingMessage(operation);
  return page(409, title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(reason)}</p>`);
}

/** 'Pay now' of a payment that another operation paid meanwhile: this one is not confirmed. */
function paidElsewherePage(): Reply {
  return page(
    409,
    "Pago ya realizado",
    `<h1>Pago ya realizado</h1>\n<p>Este pago programado ya se pagó con otra operación; esta no se confirmará y no se movió dinero.</p>`,
  );
}

function summary(state: SandboxState, operation: OperationRecord): string {
  const account = (idAccount: string) => state.accounts.find((candidate) => candidate.idAccount === idAccount);
  const origin = account(operation.accountOrigin.idCuenta);
  const destiny = operation.accountDestiny && account(operation.accountDestiny.idCuenta);
  // The names the member sees in the portal, their own aliases first.
  const nameOf = (bankAccount: { idAccount: string; alias: string }) =>
    accountName(state, operation.memberId, bankAccount.idAccount) ?? bankAccount.alias;
  const recipient = payeeOf(state, operation);
  // A transfer sends the origin currency; a buy or sell delivers the destination's.
  const destinyCurrency =
    operation.operation === "transfer"
      ? operation.accountOrigin.idDivisa
      : (destiny?.currency ?? recipient?.idCurrency ?? operation.accountOrigin.idDivisa);
  const rows: [string, string][] = [["Operación", `${KIND_LABELS[operation.operation]} (núm. ${operation.id})`]];
  if (operation.operation !== "transfer") {
    rows.push(["Par", operation.pair], ["Tipo de cambio", String(operation.exchangeRate)]);
  }
  rows.push(
    ["Cargo", moneyText(debitOf(operation), operation.accountOrigin.idDivisa)],
    [operation.operation === "transfer" ? "Monto a enviar" : "Recibes", moneyText(operation.amountDestiny, destinyCurrency)],
    ["Cuenta de origen", origin ? masked(nameOf(origin), origin.clabe) : operation.accountOrigin.idCuenta],
  );
  if (destiny) rows.push(["Cuenta de destino", masked(nameOf(destiny), destiny.clabe)]);
  if (recipient) rows.push(["Destinatario", masked(recipient.fullName, recipient.account)]);
  return definitionList(rows);
}

export function definitionList(rows: [string, string][]): string {
  return `<dl>\n${rows.map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd>`).join("\n")}\n</dl>`;
}

function demoKeysTable(): string {
  const rows = DEMO_KEYS.map(
    (demo) => `<tr><td><code>${demo.key}</code></td><td>${escapeHtml(demo.meaning)}</td><td>${demo.outcome.res}</td></tr>`,
  ).join("\n");
  return `<section class="sandbox" aria-labelledby="demo-keys">
<h2 id="demo-keys">Claves de demostración (solo sandbox)</h2>
<table>
<thead><tr><th scope="col">Clave</th><th scope="col">Resultado</th><th scope="col">res</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
</section>`;
}

/** The key form; a batch of operations posts to its own page (batches.ts). */
export function challengePage(title: string, summaryHtml: string, trk: string, action = "/challenge/"): Reply {
  return page(
    200,
    title,
    `<h1>${escapeHtml(title)}</h1>
${summaryHtml}
<form method="post" action="${action}">
<input type="hidden" name="trk" value="${escapeHtml(trk)}">
<label for="clave">Clave de operación</label>
<p class="hint" id="clave-ayuda">Ingresa los 6 dígitos que muestra tu token.</p>
<input id="clave" name="clave" type="text" inputmode="numeric" autocomplete="one-time-code" maxlength="6"
  pattern="[0-9]{6}" title="La clave de operación tiene 6 dígitos" aria-describedby="clave-ayuda" required autofocus>
<div class="actions">
<button type="submit" name="action" value="confirmar">Confirmar</button>
<button type="submit" name="action" value="cancelar" formnovalidate>Cancelar</button>
</div>
</form>
${demoKeysTable()}`,
  );
}

export function registerChallengeRoutes(router: Router, ctx: SandboxContext): void {
  const { state } = ctx;

  // A recipient registration (recipient-registration.ts) is confirmed on the same page and
  // returns to the app's /destinatarios-alta/resultado instead of /transaction.
  const registrationNotPending = (registration: RegistrationRecord) =>
    registration.status === "sent"
      ? null
      : page(
          409,
          "Operación no disponible",
          `<h1>Operación no disponible</h1>\n<p>Este alta ya fue procesada; no hace falta confirmarla de nuevo.</p>`,
        );

  router
    .get("/challenge", ({ query }) => {
      const registration = findRegistrationByTrk(state, query.get("trk") ?? "");
      if (registration) {
        return (
          registrationNotPending(registration) ??
          challengePage("Confirma el alta de tu destinatario", definitionList(registrationSummary(registration)), registration.trk)
        );
      }
      const operation = findOperationByTrk(state, query.get("trk") ?? "");
      if (!operation) return notFoundPage();
      if (!waitsForToken(operation)) return notPendingPage(operation);
      if (scheduledEventPaidByAnother(ctx, operation)) return paidElsewherePage();
      return challengePage("Confirma tu operación", summary(state, operation), operation.trk);
    })
    .post("/challenge", ({ body }) => {
      const parsed = formInput.safeParse(body ?? {});
      const registration = parsed.success ? findRegistrationByTrk(state, parsed.data.trk) : undefined;
      if (parsed.success && registration) {
        const refused = registrationNotPending(registration);
        if (refused) return refused;
        const outcome = challengeOutcome(parsed.data.action, parsed.data.clave.trim());
        registration.challengeAnswer = outcome.res;
        return redirect(registrationReturnUrl(ctx, registration, outcome));
      }
      const operation = parsed.success ? findOperationByTrk(state, parsed.data.trk) : undefined;
      if (!parsed.success || !operation) return notFoundPage();
      if (!waitsForToken(operation)) return notPendingPage(operation);
      if (scheduledEventPaidByAnother(ctx, operation)) return paidElsewherePage();
      const { res, msg, retries } = challengeOutcome(parsed.data.action, parsed.data.clave.trim());
      operation.challengeAnswer = res;
      const query = [
        `trk=${encodeURIComponent(operation.trk)}`,
        `ope=${operation.id}`,
        `operation=${operation.operation}`,
        `res=${res}`,
        `msg=${encodeURIComponent(msg)}`,
        `retries=${retries}`,
      ].join("&");
      return redirect(`${ctx.appUrl}/transaction?${query}`);
    });
}
