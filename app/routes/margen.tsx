import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";

import { requireAccess } from "#server/session/auth.server";
import { memberMargin } from "#server/trading/calculator.server";

const headers = { "Cache-Control": "private, no-store" };

/**
 * GET /margen?par=USD/MXN&monto=1,000: the member's margin (§9) for that amount of the pair's base
 * currency, so the price panel leads with the client's rate for the amount being typed (decision 054).
 * For the logged-in member only; no figure of the quote is decided here — 'Cotizar' recomputes all.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireAccess(request, context);
  const url = new URL(request.url);
  const answer = await memberMargin(access, { pair: url.searchParams.get("par"), amount: url.searchParams.get("monto") });
  if (answer === null) return json({ error: "invalid" }, { status: 400, headers });
  if (answer === "unavailable") return json({ error: "unavailable" }, { status: 503, headers });
  return json(answer, { headers });
}
