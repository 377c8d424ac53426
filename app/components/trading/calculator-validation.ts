import { parseWithZod } from "@conform-to/zod";

import { scheduleCreateSchema } from "#core/domain/recurring-form";
import { exchangeSchema, transferSchema } from "#core/domain/trade-form";
import type { Tab } from "#server/trading/calculator.server";

/**
 * The calculator's browser validation: the same schemas the action parses with. Its own module, so
 * zod and Conform's adapter come in a chunk the calculator fetches when the person reaches it
 * (decision 065).
 */
export function validateCalculator({ tab, formData, today }: { tab: Tab; formData: FormData; today: string }) {
  // 'Programar pago recurrente' checks the plan too (decision 063); 'Confirmar' only the operation.
  if (tab === "transfer" && formData.get("intent") === "programar") return parseWithZod(formData, { schema: scheduleCreateSchema(today) });
  return parseWithZod(formData, { schema: tab === "transfer" ? transferSchema : exchangeSchema });
}

export type CalculatorValidation = typeof validateCalculator;
