// Shared helpers of the sandbox's own tests: a sandbox per file, its demo users' tokens, JSON calls.

import { type Sandbox } from "./server";

export type Json = Record<string, unknown>;
export interface Answer {
  status: number;
  body: Json & Json[];
}

/**
 * A /setoperation body of a transfer: 5,000 MXN from Ana's 'Operativa MXN' (A-100234-01) to the
 * recipient 501, reason 1 ('Pago a proveedores'); `overrides` replace any field, and `amount` sets
 * every amount field at once.
 */
export function transferBody(overrides: Json & { amount?: number } = {}): Json {
  const amount = overrides.amount ?? 5000;
  return {
    operation: "transfer",
    pair: "",
    amount,
    amountOrigin: amount,
    amountDestiny: amount,
    total: amount,
    margin: "0",
    exchangeRate: 1,
    accountOrigin: { idCuenta: "A-100234-01", idDivisa: "MXN" },
    accountDestiny: null,
    recipient: { idRecipient: 501 },
    concept: 1,
    conceptString: "Pago a proveedores",
    aditionalInformation: "",
    priceObject: null,
    calculatePlace: "left",
    ...overrides,
  };
}

/**
 * A /setoperation body of a buy: 1,000 USD into Ana's 'Pagos USD' (A-100234-02) paid from 'Operativa
 * MXN' (A-100234-01) at 17.2345, reason 11, at the signed `priceObject`; `overrides` replace any field.
 */
export function buyBody(priceObject: Json, overrides: Json = {}): Json {
  return {
    operation: "buy",
    pair: "USD/MXN",
    amountOrigin: 17234.5,
    amountDestiny: 1000,
    total: 17234.5,
    margin: "0.35",
    exchangeRate: 17.2345,
    accountOrigin: { idCuenta: "A-100234-01", idDivisa: "MXN" },
    accountDestiny: { idCuenta: "A-100234-02", idDivisa: "USD" },
    recipient: null,
    concept: 11,
    conceptString: "Importación de mercancías",
    aditionalInformation: "Factura 4471",
    priceObject,
    calculatePlace: "right",
    ...overrides,
  };
}

export function sandboxClient(sandbox: () => Sandbox) {
  async function call(path: string, init: RequestInit = {}): Promise<Answer> {
    const res = await fetch(`${sandbox().url}${path}`, init);
    const text = await res.text();
    return { status: res.status, body: (text === "" ? undefined : JSON.parse(text)) as Json & Json[] };
  }

  async function bankToken(userName: string): Promise<string> {
    const res = await fetch(`${sandbox().url}/banca/entrar?usuario=${userName}`, { redirect: "manual" });
    return new URL(res.headers.get("location") ?? "").searchParams.get("jwt") ?? "";
  }

  /** The product jwt of a demo user, in their first company or (through the bank's companyChange) in `clientId`. */
  async function productJwt(userName: string, clientId?: string): Promise<string> {
    let token = await bankToken(userName);
    if (clientId) {
      const change = await fetch(`${sandbox().url}/partner/users/companyChange?clientId=${clientId}`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, geolocation: "19.4326,-99.1332" },
      });
      token = ((await change.json()) as { data: { token: string } }).data.token;
    }
    const res = await fetch(`${sandbox().url}/api/loginuser`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ externalToken: token }),
    });
    return ((await res.json()) as { jwt: string }).jwt;
  }

  const withBody =
    (method: string) =>
    (jwt: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
      call(path, {
        method,
        headers: { authorization: `Bearer ${jwt}`, "content-type": "application/json", ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });

  return {
    call,
    productJwt,
    get: (jwt: string, path: string) => call(path, { headers: { authorization: `Bearer ${jwt}` } }),
    post: withBody("POST"),
    put: withBody("PUT"),
    control: (path: string, body?: unknown) =>
      call(path, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
  };
}
