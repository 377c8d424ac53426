import { describe, expect, it } from "vitest";

import { chooseToast } from "#core/domain/notification-toast";

import type { Notification } from "../upstream/notifications.server";
import type { BridgeListener } from "./bridge.server";
import { newestOf, notificationStream, toastData, toastSinceLastTold } from "./live.server";

const notification = (id: string, createdAt: string, fields: Partial<Notification> = {}): Notification => ({
  id,
  module: "receiver",
  type: "info",
  read: false,
  readAt: null,
  title: "Destinatario activo",
  copy: `Destinatario ${id} autorizado`,
  createdAt,
  detail: null,
  status: "authorized",
  content: null,
  ...fields,
});

function memoryMark(initial: string | null = null) {
  let seen = initial;
  return { seenUpTo: async () => seen, markSeen: async (at: string) => void (seen = at > (seen ?? "") ? at : seen), read: () => seen };
}

describe("toastSinceLastTold (the next page's toast, without JavaScript)", () => {
  it("says nothing on the session's first page, and marks what was there as told", async () => {
    const mark = memoryMark();
    expect(await toastSinceLastTold(mark, [notification("1", "2026-11-24T10:00:00.000Z")])).toBeNull();
    expect(mark.read()).toBe("2026-11-24T10:00:00.000Z");
  });

  it("marks 'now' on a first page with nothing unread, so what comes later is news", async () => {
    const mark = memoryMark();
    expect(await toastSinceLastTold(mark, [], new Date("2026-11-24T10:00:00.000Z"))).toBeNull();
    expect(await toastSinceLastTold(mark, [notification("2", "2026-11-24T10:01:00.000Z")])).toMatchObject({
      id: "notificacion-2",
      type: "success",
      title: "Destinatario activo",
      description: "Destinatario 2 autorizado",
    });
  });

  it("toasts only what is newer than the mark, once, and groups 4 or more", async () => {
    const mark = memoryMark("2026-11-24T10:00:00.000Z");
    const older = notification("1", "2026-11-24T09:59:00.000Z");
    expect(await toastSinceLastTold(mark, [older])).toBeNull();
    // Newest first, as the service lists them.
    const burst = ["6", "5", "4", "3"].map((id, i) => notification(id, `2026-11-24T10:0${5 - i}:00.000Z`));
    expect(await toastSinceLastTold(mark, [...burst, older])).toMatchObject({ type: "success", title: "4 destinatarios activos" });
    expect(await toastSinceLastTold(mark, [...burst, older])).toBeNull();
  });
});

describe("newestOf", () => {
  it("answers what sorting the instants did: the newest as an ISO instant, whatever the offsets and order", () => {
    const createdAt = ["2026-11-26T10:00:00.000Z", "2026-11-26T05:30:00-06:00", "2026-11-26T11:29:59.999Z", "2025-01-01T00:00:00Z"];
    const sorted = (values: string[]) =>
      values
        .map((value) => new Date(value).toISOString())
        .sort()
        .at(-1);
    for (const order of [createdAt, [...createdAt].reverse(), [createdAt[2], createdAt[0], createdAt[3], createdAt[1]]]) {
      expect(newestOf(order.map((at) => ({ createdAt: at })))).toBe(sorted(order));
    }
    expect(newestOf(createdAt.map((at) => ({ createdAt: at })))).toBe("2026-11-26T11:30:00.000Z");
    expect(newestOf([])).toBeUndefined();
    expect(() => newestOf([{ createdAt: "2026-11-26T10:00:00Z" }, { createdAt: "ayer" }])).toThrow(RangeError);
  });
});

describe("notificationStream (the tab's live channel)", () => {
  it("turns a burst into one count change, one toast and one refresh, and marks it told", async () => {
    let listener: BridgeListener = () => undefined;
    const told: string[] = [];
    const controller = new AbortController();
    const response = notificationStream(controller.signal, {
      subscribe: (l) => {
        listener = l;
        return () => undefined;
      },
      onTold: (at) => told.push(at),
      batchMs: 20,
    });
    expect(response.headers.get("Content-Type")).toBe("text/event-stream; charset=utf-8");
    const reader = response.body!.getReader();
    listener({ kind: "connection", online: true });
    for (const id of ["1", "2", "3", "4", "5"])
      listener({ kind: "notification", notification: notification(id, `2026-11-24T10:00:0${id}.000Z`) });
    listener({ kind: "notification", notification: notification("9", "2026-11-24T10:00:09.000Z", { read: true }) });
    await new Promise((resolve) => setTimeout(resolve, 60));
    controller.abort();
    let text = "";
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    expect(text).toContain('event: connection\ndata: {"online":true}\n\n');
    // The first is told at once; the four right behind it at the window's end, with the burst's summary.
    expect(text.match(/event: count\ndata: .*\n/g)).toEqual([
      'event: count\ndata: {"op":"add","by":1,"ids":["1"]}\n',
      'event: count\ndata: {"op":"add","by":4,"ids":["2","3","4","5"]}\n',
    ]);
    const toasts = text.match(/event: toast\ndata: .*\n/g) ?? [];
    expect(toasts).toHaveLength(2);
    expect(toasts[1]).toMatch(/"id":"notificacion-grupo-\d+","type":"success","title":"5 destinatarios activos"/);
    expect(text).toContain('event: refresh\ndata: {"modules":["receiver"]}\n\n');
    expect(told).toEqual(["2026-11-24T10:00:01.000Z", "2026-11-24T10:00:05.000Z"]);
  });
});

/** A stream fed by hand: `listener` plays the bridge, `readUntil` reads until a marker shows. */
function handFedStream(options: { batchMs?: number } = {}) {
  let listener: BridgeListener = () => undefined;
  const controller = new AbortController();
  const response = notificationStream(controller.signal, {
    subscribe: (l) => {
      listener = l;
      return () => undefined;
    },
    ...options,
  });
  const reader = response.body!.getReader();
  return {
    listener: (event: Parameters<BridgeListener>[0]) => listener(event),
    async readUntil(marker: string) {
      let text = "";
      while (!text.includes(marker)) {
        const { value } = await reader.read();
        text += new TextDecoder().decode(value);
      }
      controller.abort();
      return text;
    },
  };
}

describe("notificationStream timing", () => {
  it("tells a lone notification at once, without waiting for a window", async () => {
    const stream = handFedStream({ batchMs: 10_000 });
    stream.listener({ kind: "notification", notification: notification("1", "2026-11-24T10:00:01.000Z") });
    const text = await stream.readUntil("event: refresh");
    expect(text).toContain('event: count\ndata: {"op":"add","by":1,"ids":["1"]}\n\n');
    expect(text).toMatch(/event: toast\ndata: \{"id":"notificacion-1"/);
  });
});

describe("notificationStream bursts across windows", () => {
  it("sums a burst whose last notifications miss the first window, and starts afresh after a quiet window", async () => {
    const stream = handFedStream({ batchMs: 30 });
    const push = (id: string) => stream.listener({ kind: "notification", notification: notification(id, `2026-11-24T10:00:0${id}.000Z`) });
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    push("1");
    push("2");
    await pause(40); // the first window closed (telling 2) and a second opened
    push("3");
    push("4");
    await pause(120); // the second window told 3 and 4; the third closed empty, ending the burst
    push("5");
    const text = await stream.readUntil('"notificacion-5"');
    const titles = (text.match(/event: toast\ndata: .*\n/g) ?? []).map((line) => JSON.parse(line.split("data: ")[1]).title);
    // Two are below the summary threshold (§4); four, across two windows, are one summary; the fifth stands alone.
    expect(titles).toEqual(["Destinatario activo", "Destinatario activo", "4 destinatarios activos", "Destinatario activo"]);
  });
});

describe("notificationStream count announcements", () => {
  it("turns a count the app announced into a 'set' for the bell", async () => {
    const stream = handFedStream();
    stream.listener({ kind: "count", to: 3 });
    expect(await stream.readUntil("event: count")).toContain('event: count\ndata: {"op":"set","to":3}\n\n');
  });
});

describe("a fired price alert's toast", () => {
  it("leads to the calculator with the alert's pair and operation", () => {
    const chosen = chooseToast([
      { id: "7", module: "priceAlert", type: "info", status: "triggered", detail: { pair: "EUR/MXN", operation: "sell" } },
    ]);
    expect(toastData(chosen!)).toMatchObject({
      title: "Alerta de precio",
      link: { href: "/?operacion=venta&par=EUR%2FMXN", label: "Ir a operar" },
    });
  });
});
