import { parseWithZod } from "@conform-to/zod";

import { historyFiltersSchema } from "#core/domain/history-filters";

/**
 * The history filters' browser validation: the schema the loader parses with. Its own module, so
 * zod and Conform's adapter come in a chunk fetched when the person reaches the filters (decision 065).
 */
export function validateHistoryFilters(formData: FormData) {
  return parseWithZod(formData, { schema: historyFiltersSchema });
}

export type HistoryFiltersValidation = typeof validateHistoryFilters;
