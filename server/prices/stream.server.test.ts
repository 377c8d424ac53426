import { describe, expect, it, vi } from "vitest";

import type { EventStreamOptions } from "../http/event-stream.server";
import { eventStreamResponse } from "../http/event-stream.server";
import type { HubMessage, PriceListener } from "./hub.server";
import type { PriceHub } from "./hub.server";
import { hubMessage } from "./hub.server";
import { priceEvents } from "./stream.server";

/** A pair's price as the live channel serves it on its own (GET /precios/stream). */
const priceStream = (signal: AbortSignal, pair: string, options: EventStreamOptions & { hub: Pick<PriceHub, "subscribe"> }) =>
  eventStreamResponse(signal, options, priceEvents(pair, options.hub));

/** A hub with one subscriber slot the test drives by hand. */
function fakeHub(replay: HubMessage[] = []) {
  let listener: PriceListener | null = null;
  let end: (() => void) | undefined;
  const unsubscribe = vi.fn(() => {
    listener = null;
  });
  return {
    unsubscribe,
    emit: (message: HubMessage) => listener?.(message),
    end: () => end?.(),
    subscribed: () => listener !== null,
    hub: {
      subscribe: vi.fn((_pair: string, l: PriceListener, onEnd?: () => void) => {
        listener = l;
        end = onEnd;
        for (const message of replay) l(message);
        return unsubscribe;
      }),
    },
  };
}

/** Reads the body until `done(text)` holds or the stream ends. */
async function readUntil(response: Response, done: (text: string) => boolean, timeoutMs = 2_000) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let ended = false;
  const deadline = setTimeout(() => void reader.cancel(), timeoutMs);
  try {
    while (!done(text)) {
      const { value, done: finished } = await reader.read();
      if (finished) {
        ended = true;
        break;
      }
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    clearTimeout(deadline);
    reader.releaseLock();
  }
  return { text, ended };
}

const status = hubMessage("status", { pair: "USD/MXN", status: "live", messageKey: null });
const price = hubMessage("price", { pair: "USD/MXN", ts: 1 });

describe("price SSE stream", () => {
  it("is an uncached, unbuffered event stream of named events with single-line data", async () => {
    const fake = fakeHub([status, price]);
    const controller = new AbortController();
    const response = priceStream(controller.signal, "USD/MXN", { hub: fake.hub });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/event-stream/);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("X-Accel-Buffering")).toBe("no");
    expect(fake.hub.subscribe).toHaveBeenCalledWith("USD/MXN", expect.any(Function), expect.any(Function));

    const first = await readUntil(response, (text) => text.includes('"ts":1}\n\n'));
    expect(status.data).toBe('{"pair":"USD/MXN","status":"live","messageKey":null}');
    expect(first.text).toBe(`event: status\ndata: ${status.data}\n\nevent: price\ndata: ${price.data}\n\n`);
    controller.abort();
    expect(fake.unsubscribe).toHaveBeenCalledTimes(1);
  });

  it("sends a comment line as heartbeat", async () => {
    const fake = fakeHub();
    const controller = new AbortController();
    const response = priceStream(controller.signal, "USD/MXN", { hub: fake.hub, heartbeatMs: 20 });
    const { text } = await readUntil(response, (t) => t.split(": ping\n\n").length > 2);
    expect(text.startsWith(": ping\n\n: ping\n\n")).toBe(true);
    controller.abort();
  });

  it("releases the subscription and ends when the request is aborted", async () => {
    const fake = fakeHub([status]);
    const controller = new AbortController();
    const response = priceStream(controller.signal, "USD/MXN", { hub: fake.hub, heartbeatMs: 10 });
    setTimeout(() => controller.abort(), 30);
    const { ended } = await readUntil(response, () => false);
    expect(ended).toBe(true);
    expect(fake.unsubscribe).toHaveBeenCalledTimes(1);
    expect(fake.subscribed()).toBe(false);
  });

  it("ends when the hub closes", async () => {
    const fake = fakeHub([status]);
    const response = priceStream(new AbortController().signal, "USD/MXN", { hub: fake.hub });
    setTimeout(() => fake.end(), 10);
    const { ended, text } = await readUntil(response, () => false);
    expect(ended).toBe(true);
    expect(text).toContain("event: status");
    expect(fake.unsubscribe).toHaveBeenCalledTimes(1);
  });

  it("ends when the session does", async () => {
    const fake = fakeHub([status]);
    const response = priceStream(new AbortController().signal, "USD/MXN", { hub: fake.hub, endsAt: Date.now() + 30 });
    const { ended } = await readUntil(response, () => false);
    expect(ended).toBe(true);
    expect(fake.unsubscribe).toHaveBeenCalledTimes(1);
  });

  it("copes with a hub that ends the subscription while it is being set up", async () => {
    const hub = {
      subscribe: (_pair: string, _listener: PriceListener, onEnd?: () => void) => {
        onEnd?.();
        return () => undefined;
      },
    };
    const { ended } = await readUntil(priceStream(new AbortController().signal, "USD/MXN", { hub }), () => false);
    expect(ended).toBe(true);
  });
});

describe("price SSE stream, reader side", () => {
  it("releases the subscription when the reader cancels", async () => {
    const fake = fakeHub([status]);
    const response = priceStream(new AbortController().signal, "USD/MXN", { hub: fake.hub });
    await response.body!.cancel();
    expect(fake.unsubscribe).toHaveBeenCalledTimes(1);
    fake.emit(price); // nothing to write to any more; must not throw
  });

  it("does not subscribe at all when the request is already aborted", async () => {
    const fake = fakeHub();
    const controller = new AbortController();
    controller.abort();
    const { ended } = await readUntil(priceStream(controller.signal, "USD/MXN", { hub: fake.hub }), () => false);
    expect(ended).toBe(true);
    expect(fake.hub.subscribe).not.toHaveBeenCalled();
  });
});
