// The bank's books hold whatever happens (decision 096): a few hundred random steps — buys, sells,
// transfers between own accounts and to third parties, files of payments (row by row and signed with one
// token), collaborators' operations approved or voided, failed challenges, returns, and races — run
// through the sandbox's own HTTP API, and after them, for every account, the opening balance plus the
// movements is the balance, no money is created or lost, and every operation whose money moved has
// exactly one debit movement (none for the others). Fixed seed: the same steps on every run.

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { until } from "../tests/support/wait";
import { DEMO_KEYS } from "./challenge";
import { MID_PRICES } from "./operations";
import { signQuote } from "./price-signing";
import { mulberry32 } from "./random";
import { type Sandbox, startSandbox } from "./server";
import { type Json, sandboxClient } from "./test-support";

const SEED = 39;
const STEPS = 300;
/** Every so many steps the whole books are read back and checked; balances are checked after every step. */
const AUDIT_EVERY = 25;
const GEO = { geolocation: "19.4326,-99.1332" };
const MOVED = new Set(["applied", "appliedNoReceipt", "fixappliedNoReceipt", "returned"]);
const FAILED_RESULTS = ["1", "2", "3", "5", "6", "7", "8"];

let sandbox: Sandbox;
const client = sandboxClient(() => sandbox);

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, appUrl: "http://app.test:3000", applyDelayMs: 0 });
});
afterAll(() => sandbox.close());

interface Account {
  idAccount: string;
  clabe: string;
  currency: string;
  balance: number;
}
interface Recipient {
  idRecipient: number;
  idCurrency: string;
}
interface Company {
  clientId: string;
  /** Bank token (partner API and middleware) and the product jwt of a member who executes. */
  bank: string;
  executor: string | null;
  /** A collaborator who only loads operations, for an administrator to approve. */
  loader: string | null;
  accounts: Account[];
  recipients: Recipient[];
}
interface WireMovement {
  amount: number;
  currency: string;
  flow: "IN" | "OUT";
  movement_type: { id: number };
  operation_id: number | null;
}
interface OperationView {
  id: number;
  operation: "buy" | "sell" | "transfer";
  status: string;
  amountOrigin: number;
  amountDestiny: number;
  total: number;
  accountOrigin: { idCuenta: string; idDivisa: string };
  accountDestiny: { idCuenta: string; idDivisa: string } | null;
}

const cents = (amount: number) => Math.round(amount * 100);
const family = (currency: string) => (currency === "MXP" ? "MXN" : currency);
const round2 = (value: number) => Math.round(value * 100) / 100;
const debitOf = (operation: OperationView) => (operation.operation === "buy" ? operation.total : operation.amountOrigin);

async function bankToken(userName: string, clientId?: string): Promise<string> {
  const res = await fetch(`${sandbox.url}/banca/entrar?usuario=${userName}`, { redirect: "manual" });
  const token = new URL(res.headers.get("location") ?? "").searchParams.get("jwt") ?? "";
  if (!clientId) return token;
  const change = await client.call(`/partner/users/companyChange?clientId=${clientId}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, ...GEO },
  });
  return (change.body.data as { token: string }).token;
}

const partner = async <T>(company: Company, path: string) =>
  (await client.call(`/partner${path}`, { headers: { authorization: `Bearer ${company.bank}`, ...GEO } })).body.data as T;

/** Every movement of an account since its books opened, oldest first, read page by page from the middleware. */
async function movementsOf(company: Company, account: Account): Promise<WireMovement[]> {
  const all: WireMovement[] = [];
  for (let sheet = 1; ; sheet++) {
    const query = `initial_date=2000-01-01&final_date=2100-12-31&in_flow=true&include_detail=true&sheet=${sheet}&pages=100&sort=asc&type_group=transfer`;
    const { status, body } = await client.call(`/middleware/movements/v2/${account.clabe}/movements?${query}`, {
      headers: { authorization: `Bearer ${company.bank}` },
    });
    if (status === 404) return all;
    all.push(...(body.data as unknown as WireMovement[]));
    if (sheet >= (body.total_pages as number)) return all;
  }
}

async function loadCompanies(): Promise<Company[]> {
  const plan: [string, string, string | null, string | null][] = [
    ["100234", "ana.admin", "ana.admin", "carlos.colaborador"],
    ["100871", "ana.admin", "ana.admin", null],
    ["200115", "beatriz.basica", "beatriz.basica", null],
    ["300501", "paula.prueba", "paula.prueba", null],
    // Nobody here uses the product: its account is only audited.
    ["400777", "nuevo.usuario", null, null],
  ];
  return Promise.all(
    plan.map(async ([clientId, bankUser, executor, loader]) => {
      const company: Company = {
        clientId,
        bank: await bankToken(bankUser, clientId === "100871" ? clientId : undefined),
        executor: executor ? await client.productJwt(executor, clientId) : null,
        loader: loader ? await client.productJwt(loader, clientId) : null,
        accounts: [],
        recipients: [],
      };
      company.accounts = await partner<Account[]>(company, "/accounts");
      company.recipients = (await partner<(Recipient & { status: { id: number } })[]>(company, "/recipients/")).filter(
        (recipient) => recipient.status.id === 2,
      );
      return company;
    }),
  );
}

/** Balances of every account by id, as the partner API lists them. */
async function balances(companies: Company[]): Promise<Map<string, number>> {
  const lists = await Promise.all(companies.map((company) => partner<Account[]>(company, "/accounts")));
  return new Map(lists.flat().map((account) => [account.idAccount, cents(account.balance)]));
}

describe("the bank's books under a few hundred random operations", () => {
  it(`add up after ${STEPS} steps (seed ${SEED})`, { timeout: 600_000 }, async () => {
    const next = mulberry32(SEED);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
    const companies = await loadCompanies();
    const byClient = new Map(companies.map((company) => [company.clientId, company]));
    const active = companies.filter((company) => company.executor !== null);
    const carlosCompany = byClient.get("100234") as Company;
    const ana = carlosCompany.executor as string;
    // Carlos may load payments to third parties too, so that they go to Ana for approval.
    await client.put(ana, "/api/members/update-collaborator/2", { permissions: [{ id: 1 }, { id: 2 }, { id: 3 }] });
    // Logística Pacífico Norte's second signature is a refusal before any money moves; lifted so its operations run.
    await client.control("/__company-settings/100871", { secondSignatureRequired: false });

    const created = new Map<number, { company: Company; jwt: string }>();
    /** The operations as the product API last showed them; a step re-reads those it touched. */
    const views = new Map<number, OperationView>();
    const touched = new Set<number>();
    const waitingApproval: number[] = [];
    const applied: number[] = [];
    const figures = { steps: 0, refused: 0, races: 0, returnsRefused: 0, batches: 0 };
    let keyCount = 0;
    const newKey = () => `00000000-0000-4039-8000-${String(++keyCount).padStart(12, "0")}`;

    const startBalances = await balances(companies);
    /** Each account's opening balance, read from the books as they stand before the first step. */
    const openings = new Map<string, number>();
    for (const company of companies) {
      for (const account of company.accounts) {
        const movements = await movementsOf(company, account);
        const sum = movements.reduce((total, movement) => total + (movement.flow === "IN" ? 1 : -1) * cents(movement.amount), 0);
        openings.set(account.idAccount, (startBalances.get(account.idAccount) ?? 0) - sum);
      }
    }

    const balanceOf = async (company: Company, idAccount: string) =>
      (await partner<Account[]>(company, "/accounts")).find((account) => account.idAccount === idAccount)?.balance ?? 0;

    /** An amount for a debit from `account`: mostly a slice of its balance, sometimes more than it holds. */
    async function amountFrom(company: Company, account: Account): Promise<number> {
      const available = await balanceOf(company, account.idAccount);
      const roll = next();
      if (roll < 0.08) return round2(available * (1.01 + next()) + 1);
      if (roll < 0.4) return Math.max(0.01, round2(available * next() * 0.3));
      return round2(10 + next() * 4_990);
    }

    function signedQuote(pair: string) {
      const mid = MID_PRICES[pair] * (1 + (next() - 0.5) * 0.01);
      const quote = {
        cp: pair,
        lpId: pick(["LP-JPM", "LP-CITI", "LP-HSBC"]),
        Buy: round2(mid * 0.998 * 1e4) / 1e4,
        Sell: round2(mid * 1.002 * 1e4) / 1e4,
        ts: Date.now(),
      };
      return { ...quote, sig: signQuote(sandbox.state.priceSecret, quote) };
    }

    /** A buy or sell of a pair the company holds both currencies of, or null when it holds none. */
    async function exchangeBody(company: Company, side: "buy" | "sell"): Promise<Json | null> {
      const pairs = Object.keys(MID_PRICES).filter((pair) =>
        pair.split("/").every((currency) => company.accounts.some((account) => family(account.currency) === currency)),
      );
      if (pairs.length === 0) return null;
      const pair = pick(pairs);
      const [base, quoteCurrency] = pair.split("/");
      const accountIn = (currency: string) => pick(company.accounts.filter((account) => family(account.currency) === currency));
      const origin = accountIn(side === "buy" ? quoteCurrency : base);
      const destiny = accountIn(side === "buy" ? base : quoteCurrency);
      const quote = signedQuote(pair);
      const rate = side === "buy" ? quote.Sell : quote.Buy;
      const debit = await amountFrom(company, origin);
      // A buy is typed as what is paid (right), a sell as what is sold (left).
      const amount = side === "buy" ? Math.max(0.01, round2(debit / rate)) : debit;
      const other = round2(amount * rate);
      return {
        operation: side,
        pair,
        amountOrigin: amount,
        amountDestiny: side === "buy" ? amount : other,
        total: other,
        margin: "0.25",
        exchangeRate: rate,
        accountOrigin: { idCuenta: origin.idAccount, idDivisa: origin.currency },
        accountDestiny: { idCuenta: destiny.idAccount, idDivisa: destiny.currency },
        recipient: null,
        concept: 11,
        conceptString: "Importación de mercancías",
        aditionalInformation: `Paso ${figures.steps}`,
        priceObject: { lpId: quote.lpId, sig: quote.sig, ts: quote.ts, price: rate, buy: quote.Buy, sell: quote.Sell, pair },
        calculatePlace: side === "buy" ? "right" : "left",
      };
    }

    async function transferBody(company: Company, toOwn: boolean): Promise<Json | null> {
      let origin: Account;
      let destination: { accountDestiny: Json | null; recipient: Json | null };
      if (toOwn) {
        const pairs = company.accounts.flatMap((a) =>
          company.accounts.filter((b) => b !== a && family(b.currency) === family(a.currency)).map((b) => [a, b] as const),
        );
        if (pairs.length === 0) return null;
        const [from, to] = pick(pairs);
        origin = from;
        destination = { accountDestiny: { idCuenta: to.idAccount, idDivisa: to.currency }, recipient: null };
      } else {
        const payable = company.recipients.filter((recipient) =>
          company.accounts.some((account) => family(account.currency) === family(recipient.idCurrency)),
        );
        if (payable.length === 0) return null;
        const recipient = pick(payable);
        origin = pick(company.accounts.filter((account) => family(account.currency) === family(recipient.idCurrency)));
        destination = { accountDestiny: null, recipient: { idRecipient: recipient.idRecipient } };
      }
      const amount = await amountFrom(company, origin);
      return {
        operation: "transfer",
        pair: "",
        amount,
        amountOrigin: amount,
        amountDestiny: amount,
        total: amount,
        margin: "0",
        exchangeRate: 1,
        accountOrigin: { idCuenta: origin.idAccount, idDivisa: origin.currency },
        ...destination,
        concept: 1,
        conceptString: "Pago a proveedores",
        aditionalInformation: `Paso ${figures.steps}`,
        priceObject: null,
        calculatePlace: "left",
      };
    }

    /** /setoperation; the operation's id and challenge tracking id, or null when the bank refused it (4xx). */
    async function create(company: Company, jwt: string, body: Json, key = newKey()): Promise<{ id: number; trk: string } | null> {
      const answer = await client.post(jwt, "/api/setoperation", body, { "idempotency-key": key });
      if (answer.status >= 400 && answer.status < 500) {
        figures.refused += 1;
        return null;
      }
      expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
      const id = answer.body.id as number;
      created.set(id, { company, jwt });
      touched.add(id);
      return { id, trk: answer.body.trk as string };
    }

    /** The demo key that makes the bank's challenge page give a result. */
    const keyFor = (res: string) => DEMO_KEYS.find((demo) => demo.outcome.res === res)?.key ?? "111111";

    /** The person answers the bank's challenge page, then the app reports the result; mostly the right key. */
    async function confirm(jwt: string, operation: { id: number; trk: string }, res = next() < 0.8 ? "0" : pick(FAILED_RESULTS)) {
      touched.add(operation.id);
      const key = keyFor(res);
      await fetch(`${sandbox.url}/challenge`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ trk: operation.trk, clave: key, action: "confirmar" }),
        redirect: "manual",
      });
      const answer = await client.post(jwt, "/api/processchallenge", { res, msg: "Resultado del reto", trk: operation.trk });
      expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
    }

    /** Waits until the operations the step touched are no longer applying, and keeps how they ended. */
    async function settle(): Promise<void> {
      for (const id of touched) {
        const { jwt } = created.get(id) as { jwt: string };
        const view = await until(
          async () => {
            const answer = (await client.get(jwt, `/api/operations/${id}`)).body as unknown as OperationView;
            return answer.status !== "applying" && answer;
          },
          { everyMs: 5, what: `operation ${id} to leave "applying"` },
        );
        views.set(id, view);
        if (MOVED.has(view.status) && view.status !== "returned" && !applied.includes(id)) applied.push(id);
      }
      touched.clear();
    }

    const steps: [number, () => Promise<void>][] = [
      [
        20,
        async () => {
          const company = pick(active);
          const body = await exchangeBody(company, "buy");
          const operation = body && (await create(company, company.executor as string, body));
          if (operation) await confirm(company.executor as string, operation);
        },
      ],
      [
        14,
        async () => {
          const company = pick(active);
          const body = await exchangeBody(company, "sell");
          const operation = body && (await create(company, company.executor as string, body));
          if (operation) await confirm(company.executor as string, operation);
        },
      ],
      [
        8,
        async () => {
          const company = byClient.get("300501") as Company;
          const body = await transferBody(company, true);
          const operation = body && (await create(company, company.executor as string, body));
          if (operation) await confirm(company.executor as string, operation);
        },
      ],
      [
        18,
        async () => {
          const company = pick(active);
          const body = await transferBody(company, false);
          const operation = body && (await create(company, company.executor as string, body));
          if (operation) await confirm(company.executor as string, operation);
        },
      ],
      [
        // A file of payments: its rows registered at once, then each confirmed, all at the same moment.
        8,
        async () => {
          const company = pick(active);
          const jwt = company.executor as string;
          const bodies = (await Promise.all(Array.from({ length: 3 + Math.floor(next() * 5) }, () => transferBody(company, false)))).filter(
            (body): body is Json => body !== null,
          );
          const rows = (await Promise.all(bodies.map((body) => create(company, jwt, body)))).filter((row) => row !== null);
          const results = rows.map(() => (next() < 0.85 ? "0" : pick(FAILED_RESULTS)));
          await Promise.all(rows.map((row, index) => confirm(jwt, row, results[index])));
        },
      ],
      [
        // A file signed with one token (decision 093): its rows in one batch, one challenge, one result; now and then
        // one row is confirmed on its own at the same moment, which the batch must then skip.
        8,
        async () => {
          const company = pick(active);
          const jwt = company.executor as string;
          const bodies = (await Promise.all(Array.from({ length: 2 + Math.floor(next() * 5) }, () => transferBody(company, false)))).filter(
            (body): body is Json => body !== null,
          );
          const rows = (await Promise.all(bodies.map((body) => create(company, jwt, body)))).filter((row) => row !== null);
          if (rows.length === 0) return;
          const batch = await client.post(
            jwt,
            "/api/operation-batches",
            { operationIds: rows.map((row) => row.id) },
            { "idempotency-key": newKey() },
          );
          expect(batch.status, JSON.stringify(batch.body)).toBe(201);
          figures.batches += 1;
          const res = next() < 0.85 ? "0" : pick(FAILED_RESULTS);
          const page = await fetch(`${sandbox.url}/challenge/batch`, {
            method: "POST",
            headers: { "content-type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams({ trk: batch.body.trk as string, clave: keyFor(res), action: "confirmar" }),
            redirect: "manual",
          });
          const back = new URL(page.headers.get("location") ?? "");
          const result = { res: back.searchParams.get("res"), msg: back.searchParams.get("msg"), trk: batch.body.trk };
          const signed = client.post(jwt, "/api/operation-batches/processchallenge", result);
          if (next() < 0.3) {
            figures.races += 1;
            await Promise.all([signed, confirm(jwt, pick(rows), "0")]);
          } else expect((await signed).status).toBe(200);
        },
      ],
      [
        // Carlos loads an operation; it waits for Ana.
        9,
        async () => {
          const body = next() < 0.5 ? await transferBody(carlosCompany, false) : await exchangeBody(carlosCompany, "buy");
          const operation = body && (await create(carlosCompany, carlosCompany.loader as string, body));
          if (operation) waitingApproval.push(operation.id);
        },
      ],
      [
        // Ana approves what waits and confirms it with her own key (or voids it instead, or both at once).
        10,
        async () => {
          if (waitingApproval.length === 0) return;
          const id = waitingApproval.splice(Math.floor(next() * waitingApproval.length), 1)[0];
          const roll = next();
          touched.add(id);
          if (roll < 0.2) {
            await client.put(ana, "/api/operations", { id, action: "void" });
            return;
          }
          if (roll < 0.3) {
            figures.races += 1;
            const [approval] = await Promise.all([
              client.put(ana, "/api/operations", { id, action: "approve" }),
              client.put(ana, "/api/operations", { id, action: "void" }),
            ]);
            if (approval.status === 200) await confirm(ana, { id, trk: approval.body.trk as string });
            return;
          }
          const approval = await client.put(ana, "/api/operations", { id, action: "approve" });
          if (approval.status !== 200) return;
          if (roll < 0.35) await client.put(ana, "/api/operations", { id, action: "void" });
          if (roll < 0.45) {
            // Her key and a void of the same operation at the same moment (decision 092): the void never wins.
            figures.races += 1;
            await Promise.all([
              confirm(ana, { id, trk: approval.body.trk as string }),
              client.put(ana, "/api/operations", { id, action: "void" }),
            ]);
            return;
          }
          await confirm(ana, { id, trk: approval.body.trk as string });
        },
      ],
      [
        // The bank returns an applied operation (a third party's bank sends it back; the core reverses an FX one).
        7,
        async () => {
          if (applied.length === 0) return;
          const id = applied.splice(Math.floor(next() * applied.length), 1)[0];
          touched.add(id);
          const answer = await client.control(`/__operations/${id}/status`, { status: "returned" });
          if (answer.status === 409) figures.returnsRefused += 1;
          else expect(answer.status).toBe(200);
        },
      ],
      [
        // Races: the same request sent twice at once, the same challenge result reported twice at once, and
        // two payments from one account that together exceed what it holds.
        6,
        async () => {
          figures.races += 1;
          const company = pick(active);
          const jwt = company.executor as string;
          const body = await transferBody(company, false);
          if (!body) return;
          const key = newKey();
          const [one, other] = await Promise.all([create(company, jwt, body, key), create(company, jwt, body, key)]);
          const first = one ?? other;
          if (first) await Promise.all([confirm(jwt, first, "0"), confirm(jwt, first, "0")]);
          const origin = company.accounts.find((account) => account.idAccount === (body.accountOrigin as Json).idCuenta) as Account;
          const half = round2((await balanceOf(company, origin.idAccount)) * 0.6);
          if (half < 0.01) return;
          const twin = { ...body, amount: half, amountOrigin: half, amountDestiny: half, total: half };
          const pair = await Promise.all([create(company, jwt, twin), create(company, jwt, { ...twin, aditionalInformation: "Gemelo" })]);
          await Promise.all(pair.map((operation) => operation && confirm(jwt, operation, "0")));
        },
      ],
    ];
    const totalWeight = steps.reduce((sum, [weight]) => sum + weight, 0);
    const chooseStep = () => {
      let roll = next() * totalWeight;
      for (const [weight, step] of steps) {
        roll -= weight;
        if (roll < 0) return step;
      }
      return steps[0][1];
    };

    const differences: string[] = [];
    let auditedAccounts = 0;

    /** Per currency, what the operations say moved: FX at their own amounts, third parties' payments out, returns back. */
    function expectedChanges(): Map<string, number> {
      const change = new Map<string, number>();
      const add = (currency: string, amount: number) => change.set(family(currency), (change.get(family(currency)) ?? 0) + amount);
      for (const operation of views.values()) {
        if (!MOVED.has(operation.status) || operation.status === "returned") continue;
        add(operation.accountOrigin.idDivisa, -cents(debitOf(operation)));
        if (operation.operation !== "transfer" && operation.accountDestiny)
          add(operation.accountDestiny.idDivisa, cents(operation.amountDestiny));
        if (operation.operation === "transfer" && operation.accountDestiny)
          add(operation.accountDestiny.idDivisa, cents(operation.amountOrigin));
      }
      return change;
    }

    /** Balances after a step: every currency changed by exactly what the operations moved, nothing below zero. */
    async function checkBalances(): Promise<void> {
      const now = await balances(companies);
      const actual = new Map<string, number>();
      for (const company of companies) {
        for (const account of company.accounts) {
          const balance = now.get(account.idAccount) ?? 0;
          if (balance < 0) differences.push(`step ${figures.steps}: ${account.idAccount} below zero`);
          const key = family(account.currency);
          actual.set(key, (actual.get(key) ?? 0) + balance - (startBalances.get(account.idAccount) ?? 0));
        }
      }
      const expected = expectedChanges();
      for (const currency of new Set([...actual.keys(), ...expected.keys()])) {
        if ((actual.get(currency) ?? 0) !== (expected.get(currency) ?? 0)) {
          differences.push(
            `step ${figures.steps}: ${currency} changed ${actual.get(currency) ?? 0}, operations say ${expected.get(currency) ?? 0}`,
          );
        }
      }
    }

    /** The whole books read back: opening + movements = balance, never below zero, one debit per operation that moved money. */
    async function audit(): Promise<void> {
      const now = await balances(companies);
      const byOperation = new Map<number, (WireMovement & { idAccount: string })[]>();
      for (const company of companies) {
        for (const account of company.accounts) {
          auditedAccounts += 1;
          let running = openings.get(account.idAccount) ?? 0;
          let lowest = running;
          for (const movement of await movementsOf(company, account)) {
            running += (movement.flow === "IN" ? 1 : -1) * cents(movement.amount);
            lowest = Math.min(lowest, running);
            if (movement.operation_id !== null) {
              const list = byOperation.get(movement.operation_id) ?? [];
              list.push({ ...movement, idAccount: account.idAccount });
              byOperation.set(movement.operation_id, list);
            }
          }
          if (lowest < 0) differences.push(`step ${figures.steps}: ${account.idAccount} below zero along its movements (${lowest})`);
          if (running !== now.get(account.idAccount)) {
            differences.push(
              `step ${figures.steps}: ${account.idAccount} opening + movements ${running} ≠ balance ${now.get(account.idAccount)}`,
            );
          }
        }
      }
      for (const company of active) {
        for (let page = 1; ; page++) {
          const { body } = await client.get(company.executor as string, `/api/paginate-operations?page=${page}&pageSize=100`);
          for (const operation of body.data as unknown as OperationView[]) {
            const movements = byOperation.get(operation.id) ?? [];
            const origin = operation.accountOrigin.idCuenta;
            if (!MOVED.has(operation.status)) {
              if (movements.length > 0)
                differences.push(`operation ${operation.id} (${operation.status}) has ${movements.length} movements`);
              continue;
            }
            const debits = movements.filter((movement) => movement.idAccount === origin && movement.flow === "OUT");
            if (debits.length !== 1 || cents(debits[0].amount) !== cents(debitOf(operation))) {
              differences.push(`operation ${operation.id} (${operation.status}) has ${debits.length} debit movements`);
            }
            const credits = movements.filter(
              (movement) => movement.idAccount === operation.accountDestiny?.idCuenta && movement.flow === "IN",
            );
            if (credits.length !== (operation.accountDestiny ? 1 : 0))
              differences.push(`operation ${operation.id} has ${credits.length} credits`);
            const returns = movements.filter((movement) => movement.idAccount === origin && movement.flow === "IN");
            if (returns.length !== (operation.status === "returned" ? 1 : 0))
              differences.push(`operation ${operation.id} has ${returns.length} returns`);
          }
          if (page >= (body.meta as { pageCount: number }).pageCount) break;
        }
      }
    }

    for (let step = 1; step <= STEPS; step++) {
      figures.steps = step;
      await chooseStep()();
      await settle();
      await checkBalances();
      if (step % AUDIT_EVERY === 0) await audit();
    }
    await audit();

    const statuses = new Map<string, number>();
    for (const [id, { jwt }] of created) {
      const status = (await client.get(jwt, `/api/operations/${id}`)).body.status as string;
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (status !== views.get(id)?.status) differences.push(`operation ${id} changed to ${status} after its step`);
    }
    const accounts = companies.reduce((total, company) => total + company.accounts.length, 0);
    console.log(
      [
        `Ledger property test (seed ${SEED}): ${figures.steps} steps run, ${created.size} operations created`,
        `(${[...statuses].map(([status, count]) => `${status} ${count}`).join(", ")}), ${figures.refused} refused by the bank,`,
        `${figures.batches} files signed with one token, ${figures.races} races, ${figures.returnsRefused} returns refused;`,
        `${accounts} accounts checked`,
        `(${auditedAccounts} account audits), ${differences.length} differences found.`,
      ].join(" "),
    );
    expect(differences).toEqual([]);
    expect(statuses.get("applied") ?? 0).toBeGreaterThan(50);
    expect(statuses.get("returned") ?? 0).toBeGreaterThan(5);
    expect(statuses.get("notApplied") ?? 0).toBeGreaterThan(10);
    expect(statuses.get("notAppliedByAdmin") ?? 0).toBeGreaterThan(2);
    expect(figures.batches).toBeGreaterThan(10);
  });
});
