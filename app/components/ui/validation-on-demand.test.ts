import type { FormEvent } from "react";
import { describe, expect, it, vi } from "vitest";

import { validationOnDemand } from "./validation-on-demand";

/** Just enough of a form and its buttons for the handlers: no DOM in these tests. */
function fakeForm() {
  const appended: Array<{ name: string; value: string }> = [];
  const form = {
    isConnected: true,
    requestSubmit: vi.fn<(submitter?: unknown) => void>(),
    appendChild: (button: { name: string; value: string }) => appended.push({ name: button.name, value: button.value }),
    ownerDocument: {
      createElement: () => ({ type: "", name: "", value: "", hidden: false, formNoValidate: false, remove: () => undefined }),
    },
  };
  const button = (name: string, value: string) => ({
    isConnected: true,
    form,
    value,
    getAttribute: (attribute: string) => (attribute === "name" ? name : null),
  });
  return { form, button, appended };
}

function submitEvent(form: unknown, submitter: unknown) {
  const event = {
    currentTarget: form,
    nativeEvent: { submitter },
    defaultPrevented: false,
    preventDefault() {
      event.defaultPrevented = true;
    },
  };
  return event;
}

const asEvent = (event: ReturnType<typeof submitEvent>) => event as unknown as FormEvent<HTMLFormElement>;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("validation on demand", () => {
  it("loads once, on the first focus", async () => {
    const load = vi.fn(() => Promise.resolve((context: { n: number }) => context.n * 2));
    const validation = validationOnDemand(load);
    expect(validation.ready()).toBe(false);
    const handlers = validation.handlers(() => undefined);
    handlers.onFocus();
    handlers.onFocus();
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    expect(validation.ready()).toBe(true);
    expect(validation.run({ n: 21 })).toBe(42);
  });

  it("holds a submission until the validator arrives, then sends it again through the same button", async () => {
    let arrive: (validate: () => string) => void = () => undefined;
    const validation = validationOnDemand(() => new Promise<() => string>((resolve) => (arrive = resolve)));
    const conform = vi.fn();
    const handlers = validation.handlers(conform);
    const { form, button } = fakeForm();
    const quote = button("intent", "cotizar");

    const first = submitEvent(form, quote);
    handlers.onSubmit(asEvent(first));
    expect(first.defaultPrevented).toBe(true);
    expect(conform).not.toHaveBeenCalled();
    expect(form.requestSubmit).not.toHaveBeenCalled();

    arrive(() => "ok");
    await settle();
    expect(form.requestSubmit).toHaveBeenCalledExactlyOnceWith(quote);

    // The submission sent again meets the validator: Conform handles it.
    const again = submitEvent(form, quote);
    handlers.onSubmit(asEvent(again));
    expect(again.defaultPrevented).toBe(false);
    expect(conform).toHaveBeenCalledTimes(1);
  });

  it("sends again only the last held submission, a real one before a field's check", async () => {
    let arrive: (validate: () => string) => void = () => undefined;
    const validation = validationOnDemand(() => new Promise<() => string>((resolve) => (arrive = resolve)));
    const handlers = validation.handlers(() => undefined);
    const { form, button } = fakeForm();
    const confirm = button("intent", "confirmar");
    const check = { ...button("__intent__", '{"type":"validate"}'), isConnected: false };

    handlers.onSubmit(asEvent(submitEvent(form, confirm)));
    handlers.onSubmit(asEvent(submitEvent(form, check)));
    arrive(() => "ok");
    await settle();
    expect(form.requestSubmit).toHaveBeenCalledExactlyOnceWith(confirm);
  });

  it("sends a field's check again with a button like Conform's, which is gone by then", async () => {
    let arrive: (validate: () => string) => void = () => undefined;
    const validation = validationOnDemand(() => new Promise<() => string>((resolve) => (arrive = resolve)));
    const handlers = validation.handlers(() => undefined);
    const { form, button, appended } = fakeForm();
    const check = { ...button("__intent__", '{"type":"validate","payload":{"name":"amount"}}'), isConnected: false };

    const event = submitEvent(form, check);
    handlers.onSubmit(asEvent(event));
    expect(event.defaultPrevented).toBe(true);
    arrive(() => "ok");
    await settle();
    expect(appended).toEqual([{ name: "__intent__", value: '{"type":"validate","payload":{"name":"amount"}}' }]);
    expect(form.requestSubmit).toHaveBeenCalledTimes(1);
  });

  it("lets a real submission go to the server when the validator cannot be loaded, and drops field checks", async () => {
    const validation = validationOnDemand<() => string>(() => Promise.reject(new Error("offline")));
    const conform = vi.fn();
    const handlers = validation.handlers(conform);
    const { form, button } = fakeForm();
    const confirm = button("intent", "confirmar");

    handlers.onSubmit(asEvent(submitEvent(form, confirm)));
    await settle();
    expect(validation.ready()).toBe(false);
    expect(form.requestSubmit).toHaveBeenCalledExactlyOnceWith(confirm);

    const resent = submitEvent(form, confirm);
    handlers.onSubmit(asEvent(resent));
    expect(resent.defaultPrevented).toBe(false);
    const check = submitEvent(form, button("__intent__", "{}"));
    handlers.onSubmit(asEvent(check));
    expect(check.defaultPrevented).toBe(true);
    expect(conform).not.toHaveBeenCalled();
  });

  it("does not send a held submission of a form that left the page", async () => {
    let arrive: (validate: () => string) => void = () => undefined;
    const validation = validationOnDemand(() => new Promise<() => string>((resolve) => (arrive = resolve)));
    const handlers = validation.handlers(() => undefined);
    const { form, button } = fakeForm();
    handlers.onSubmit(asEvent(submitEvent(form, button("intent", "cotizar"))));
    form.isConnected = false;
    arrive(() => "ok");
    await settle();
    expect(form.requestSubmit).not.toHaveBeenCalled();
  });
});
