import { describe, expect, it } from "vitest";

import type { BackofficeRecipientInput, CoreRecipientInput } from "./recipients";
import {
  canUploadRecipients,
  coreStatus,
  filterRecipients,
  isPayable,
  parseOriginFilter,
  parsePaymentRef,
  payableRecipients,
  paymentRefText,
  recipientViews,
  rowStatus,
  searchable,
  sendState,
} from "./recipients";

const core: CoreRecipientInput[] = [
  {
    idRecipient: "501",
    fullName: "Proveedora Textil del Norte",
    alias: "Textil del Norte",
    account: "012580019283746505",
    idCurrency: "MXN",
    bankName: "BBVA México",
    status: { id: 2 },
    typeOriginPerson: "NACIONAL",
    typePerson: "MORAL",
  },
  {
    idRecipient: "503",
    fullName: "Shenzhen Bright Components",
    alias: null,
    account: "012875600394512",
    idCurrency: "usd",
    bankName: "Bank of China",
    status: { id: 2 },
    typeOriginPerson: "EXTRANJERA",
    typePerson: "MORAL",
  },
  {
    idRecipient: "504",
    fullName: "José Luis Ramírez Ortega",
    alias: "Fletes",
    account: "014180560032184793",
    idCurrency: "MXP",
    bankName: "Santander",
    status: { id: 1 },
    typeOriginPerson: "NACIONAL",
    typePerson: "FISICA",
  },
  {
    idRecipient: "533",
    fullName: "Roberto Castillo",
    alias: "Aduanas",
    account: "012580028461593701",
    idCurrency: "MXN",
    bankName: "BBVA México",
    status: { id: 3 },
    typeOriginPerson: "NACIONAL",
    typePerson: "FISICA",
  },
];
const backoffice: BackofficeRecipientInput[] = [
  {
    id: "9001",
    recipientType: "pfn",
    names: "María",
    fatherLastName: "López",
    motherLastName: null,
    companyName: null,
    accountClabe: "012180000000000017",
    currency: "MXN",
    bank: "BBVA México",
    alias: "Proveedor 1",
  },
  {
    id: "9002",
    recipientType: "pme",
    names: null,
    fatherLastName: null,
    motherLastName: null,
    companyName: "Hamburg GmbH",
    accountClabe: "4455667788",
    currency: "EUR",
    bank: "Commerzbank",
    alias: null,
  },
];

describe("coreStatus (§3, §4)", () => {
  it("maps 1 pending, 2 authorized, 3 changed; anything else stays pending", () => {
    expect([1, 2, 3, 0, 9].map(coreStatus)).toEqual(["pending", "authorized", "changed", "pending", "pending"]);
  });
});

describe("rowStatus: one status per row", () => {
  it("follows a bank recipient's status id (§4): 2 authorized, 3 changed, any other pending", () => {
    expect([1, 2, 3, 0].map((statusId) => rowStatus({ source: "B3", statusId }))).toEqual(["pending", "authorized", "changed", "pending"]);
  });

  it("reads a back-office pending recipient as authorized (§4), its one status", () => {
    expect(rowStatus({ source: "BO", status: "pending" })).toBe("authorized");
    expect(rowStatus({ source: "BO" })).toBe("authorized");
    expect(rowStatus({ source: "BO", status: null })).toBe("authorized");
  });

  it("shows a back office's registered recipient as authorized and drops a deleted one", () => {
    expect(rowStatus({ source: "BO", status: "registered" })).toBe("authorized");
    expect(rowStatus({ source: "BO", status: "Deleted " })).toBeNull();
  });
});

describe("isPayable (§4)", () => {
  it("pays a bank recipient only with status 2, and a back-office one unless it was deleted", () => {
    expect([1, 2, 3].map((statusId) => isPayable({ source: "B3", statusId }))).toEqual([false, true, false]);
    expect(isPayable({ source: "BO", status: "pending" })).toBe(true);
    expect(isPayable({ source: "BO", status: "registered" })).toBe(true);
    expect(isPayable({ source: "BO", status: "deleted" })).toBe(false);
  });
});

describe("payment refs: one name per payable recipient across the two id spaces", () => {
  it("names a bank recipient by its id and a back-office one with its prefix, and reads both back", () => {
    expect(paymentRefText({ source: "B3", id: "501" })).toBe("501");
    expect(paymentRefText({ source: "BO", id: "9001" })).toBe("bo-9001");
    expect(parsePaymentRef("501")).toEqual({ source: "B3", id: "501" });
    expect(parsePaymentRef("bo-9001")).toEqual({ source: "BO", id: "9001" });
  });

  it("keeps the same number from the two sources apart", () => {
    expect(paymentRefText({ source: "B3", id: "9001" })).not.toBe(paymentRefText({ source: "BO", id: "9001" }));
  });

  it("reads nothing from an empty ref", () => {
    expect(parsePaymentRef("")).toBeNull();
    expect(parsePaymentRef("bo-")).toBeNull();
  });
});

describe("recipientViews", () => {
  const views = recipientViews(
    core,
    [
      { idRecipient: "503", alias: "Bright", favorite: true },
      { idRecipient: "501", alias: " ", favorite: false },
    ],
    backoffice,
  );

  it("joins bank and back-office recipients, favourites first, then by name", () => {
    expect(views.map((v) => v.key)).toEqual(["B3-503", "BO-9002", "B3-504", "BO-9001", "B3-501", "B3-533"]);
  });

  it("masks accounts to the last 4 digits (§9) and shows MXP as MXN", () => {
    expect(views.every((v) => v.last4.length === 4)).toBe(true);
    expect(JSON.stringify(views)).not.toContain("012580019283746505");
    expect(views.find((v) => v.id === "504")).toMatchObject({
      last4: "4793",
      currency: "MXN",
      status: "pending",
      national: true,
      typePerson: "FISICA",
    });
  });

  it("lets money go to every authorized recipient, the back office's included (§4), and to no pending one", () => {
    expect(views.filter((v) => v.canSend).map((v) => v.key)).toEqual(views.filter((v) => v.status === "authorized").map((v) => v.key));
    expect(views.filter((v) => v.canSend).map((v) => v.key)).toEqual(expect.arrayContaining(["BO-9001", "BO-9002"]));
    expect(views.find((v) => v.id === "504")?.canSend).toBe(false);
    expect(views.find((v) => v.id === "533")?.canSend).toBe(false);
  });

  it("leaves out a back-office recipient the back office deleted", () => {
    const deleted = recipientViews([], [], [{ ...backoffice[0]!, status: "deleted" }]);
    expect(deleted).toEqual([]);
  });

  it("prefers the member's alias, then the bank's", () => {
    expect(views.find((v) => v.id === "503")?.alias).toBe("Bright");
    expect(views.find((v) => v.id === "501")?.alias).toBe("Textil del Norte");
  });

  it("shows back-office recipients authorized and payable, under their own ref, and builds their names", () => {
    expect(views.find((v) => v.key === "BO-9001")).toMatchObject({
      name: "María López",
      status: "authorized",
      canSend: true,
      source: "BO",
      ref: "bo-9001",
      canFavorite: false,
      national: true,
    });
    expect(views.find((v) => v.key === "B3-501")?.ref).toBe("501");
    expect(views.find((v) => v.key === "BO-9002")).toMatchObject({ name: "Hamburg GmbH", national: false, typePerson: "MORAL", alias: "" });
  });
});

describe("payableRecipients (§4)", () => {
  const payable = payableRecipients(core, new Map([["503", "Bright"]]), [
    ...backoffice,
    { ...backoffice[0]!, id: "9003", status: "deleted" },
  ]);

  it("lists the bank's authorized recipients, then the back office's that were not deleted", () => {
    expect(payable.map((recipient) => recipient.id)).toEqual(["501", "503", "bo-9001", "bo-9002"]);
    expect(payable.map((recipient) => recipient.source)).toEqual(["B3", "B3", "BO", "BO"]);
  });

  it("names each by the member's alias, the upstream's alias or the full name, with the account's last 4 digits", () => {
    expect(payable.map((recipient) => recipient.name)).toEqual(["Textil del Norte", "Bright", "Proveedor 1", "Hamburg GmbH"]);
    expect(payable.find((recipient) => recipient.id === "bo-9001")).toMatchObject({
      currency: "MXN",
      bankName: "BBVA México",
      last4: "0017",
      national: true,
    });
    expect(payable.find((recipient) => recipient.id === "bo-9002")).toMatchObject({ currency: "EUR", national: false });
    expect(JSON.stringify(payable)).not.toContain("012180000000000017");
  });
});

describe("filterRecipients (§5 search)", () => {
  const views = recipientViews(core, [], backoffice);
  const accounts = new Map([
    ...core.map((r) => [`B3-${r.idRecipient}`, r.account] as const),
    ...backoffice.map((r) => [`BO-${r.id}`, r.accountClabe] as const),
  ]);
  const keys = (query: string, origin = parseOriginFilter(null)) => filterRecipients(views, accounts, { query, origin }).map((v) => v.key);

  it("searches full name, alias and account, ignoring case (and accents)", () => {
    expect(keys("PROVEEDORA")).toEqual(["B3-501"]);
    expect(keys("fletes")).toEqual(["B3-504"]);
    expect(keys("jose")).toEqual(["B3-504"]);
    expect(keys("3945")).toEqual(["B3-503"]);
    expect(keys("0141805600")).toEqual(["B3-504"]);
    expect(keys("nadie")).toEqual([]);
    expect(keys("")).toHaveLength(6);
  });

  it("filters national and international recipients", () => {
    expect(keys("", parseOriginFilter("internacionales"))).toEqual(["BO-9002", "B3-503"]);
    expect(keys("", parseOriginFilter("nacionales"))).toHaveLength(4);
    expect(parseOriginFilter("otro")).toBe("todos");
  });

  it("normalises text for comparison", () => {
    expect(searchable("  ÁRBOL Ñandú ")).toBe("arbol nandu");
  });
});

describe("canUploadRecipients (§6)", () => {
  it("opens upload to everyone while the flag is on", () => {
    expect(canUploadRecipients({ enabled: true, allowedUsers: [], userName: "ana.admin" })).toBe(true);
  });

  it("otherwise only to the named users", () => {
    expect(canUploadRecipients({ enabled: false, allowedUsers: ["Ana.Admin"], userName: "ana.admin" })).toBe(true);
    expect(canUploadRecipients({ enabled: false, allowedUsers: ["ana.admin"], userName: "carlos.colaborador" })).toBe(false);
    expect(canUploadRecipients({ enabled: false, allowedUsers: [], userName: "ana.admin" })).toBe(false);
  });
});

describe("sendState (decisions 053, 066)", () => {
  const everyone = { sendAllowed: true, internationalAllowed: true };
  const basic = { sendAllowed: true, internationalAllowed: false };
  it("offers 'Enviar dinero' for an authorized recipient, national or (for Pro) international", () => {
    expect(sendState({ canSend: true, national: true }, everyone)).toBe("send");
    expect(sendState({ canSend: true, national: false }, everyone)).toBe("send");
    expect(sendState({ canSend: true, national: true }, basic)).toBe("send");
  });
  it("says the Pro note for an authorized international recipient of a Basic member", () => {
    expect(sendState({ canSend: true, national: false }, basic)).toBe("proOnly");
  });
  it("says 'later' for one the bank has not authorized, whatever the membership", () => {
    expect(sendState({ canSend: false, national: false }, basic)).toBe("later");
    expect(sendState({ canSend: false, national: true }, everyone)).toBe("later");
  });
  it("offers nothing to a member without third-party sending (§6)", () => {
    expect(sendState({ canSend: true, national: true }, { sendAllowed: false, internationalAllowed: true })).toBe("none");
  });
});
