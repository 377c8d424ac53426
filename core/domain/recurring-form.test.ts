import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";

import { scheduleCreateSchema, scheduleEditSchema, toRecurrence } from "./recurring-form";

const today = "2026-11-26";
const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};
const valid = {
  operation: "transfer",
  idempotencyKey: "0b8f7c57-3a43-4a4e-9e35-41a8d0f6c3a1",
  amount: "15,000.00",
  origin: "A-100234-01",
  destination: "r:501",
  reason: "5",
  concept: "Renta oficina",
  frequency: "monthly",
  firstDate: "2026-12-31",
  ends: "count",
  count: "6",
};

describe("scheduleCreateSchema", () => {
  it("takes the calculator's transfer with a plan", () => {
    const submission = parseWithZod(form(valid), { schema: scheduleCreateSchema(today) });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value.amount).toBe("15000.00");
    expect(toRecurrence(submission.value)).toEqual({ frequency: "monthly", firstDate: "2026-12-31", endDate: null, count: 6 });
  });

  it("reads the end date only when the plan ends on a date", () => {
    const submission = parseWithZod(form({ ...valid, ends: "date", endDate: "2027-06-30", count: "" }), {
      schema: scheduleCreateSchema(today),
    });
    expect(submission.status).toBe("success");
    if (submission.status === "success") expect(toRecurrence(submission.value)).toMatchObject({ endDate: "2027-06-30", count: null });
  });

  it.each([
    [{ frequency: "daily" }, "frequency", "Selecciona una opción válida"],
    [{ firstDate: "" }, "firstDate", "Campo requerido"],
    [{ firstDate: "2026-11-25" }, "firstDate", "La primera fecha de pago no puede ser anterior a hoy."],
    [{ firstDate: "2026-02-30" }, "firstDate", "Ingresa una fecha válida"],
    [{ count: "0" }, "count", "Ingresa un número de pagos entre 1 y 104."],
    [{ count: "105" }, "count", "Ingresa un número de pagos entre 1 y 104."],
    [{ count: "" }, "count", "Ingresa un número de pagos entre 1 y 104."],
    [{ ends: "date", endDate: "" }, "endDate", "Campo requerido"],
    [{ ends: "date", endDate: "2026-12-01" }, "endDate", "La fecha final no puede ser anterior a la primera fecha de pago."],
    [{ ends: "date", endDate: "2029-01-31" }, "endDate", "La fecha final puede ser a lo más 24 meses después de la primera fecha de pago."],
    [{ ends: "never" }, "ends", "Selecciona una opción válida"],
  ])("refuses %o with a message on %s", (change, field, message) => {
    const submission = parseWithZod(form({ ...valid, ...change }), { schema: scheduleCreateSchema(today) });
    expect(submission.status).toBe("error");
    expect(submission.reply().error?.[field]).toEqual([message]);
  });

  it("keeps the transfer's own rules: amount and the detail of reasons 21 and 22", () => {
    const submission = parseWithZod(form({ ...valid, amount: "0", reason: "21", concept: "" }), { schema: scheduleCreateSchema(today) });
    expect(submission.reply().error).toMatchObject({
      amount: ["Este monto no es válido"],
      concept: ["*Debes ingresar el detalle de la operación."],
    });
  });
});

describe("scheduleEditSchema", () => {
  const edit = { ...valid, id: "7", firstDate: "2026-10-31" };
  it("lets an edit keep a first date that has passed, but not move it into the past", () => {
    expect(parseWithZod(form(edit), { schema: scheduleEditSchema(today, "2026-10-31") }).status).toBe("success");
    const moved = parseWithZod(form({ ...edit, firstDate: "2026-11-01" }), { schema: scheduleEditSchema(today, "2026-10-31") });
    expect(moved.reply().error?.firstDate).toEqual(["La primera fecha de pago no puede ser anterior a hoy."]);
  });
});
