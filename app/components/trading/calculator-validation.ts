import { parseWithZod } from "@conform-to/zod";

import { exchangeSchema, transferSchema } from "#core/domain/trade-form";
import type { Tab } from "#server/trading/calculator.server";

/**
 * The calculator's browser validation: the same schemas the action parses with. Its own module, so
 * zod and Conform's adapter come in a chunk the calculator fetches when the person reaches it
 * (decision 065).
 */
export function validateCalculator({ tab, formData }: { tab: Tab; formData: FormData }) {
  return parseWithZod(formData, { schema: tab === "transfer" ? transferSchema : exchangeSchema });
}

export type CalculatorValidation = typeof validateCalculator;
