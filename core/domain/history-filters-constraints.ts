import { SEARCH_MAX_LENGTH, STATUS_PARAMS, TYPE_PARAMS } from "./history-params";
import type { FieldConstraint } from "./trade-form-constraints";

/** A list of values as Conform writes it into `pattern` ("-" escaped for the `v` flag). */
const oneOf = (values: string[]) => values.map((value) => value.replace(/-/g, "\\x2d")).join("|");

/**
 * The history filters' HTML constraints, as Conform's `getZodConstraint` reads them from
 * `historyFiltersSchema`: written out so the page renders and hydrates them without zod, whose schema
 * the browser loads when the person reaches the filters (decision 065). The test beside this file
 * fails when the schema and these part.
 */
export const historyFiltersConstraint: Record<string, FieldConstraint> = {
  tipo: { required: false, pattern: oneOf(Object.keys(TYPE_PARAMS)) },
  estado: { required: false, pattern: oneOf(Object.keys(STATUS_PARAMS)) },
  desde: { required: false },
  hasta: { required: false },
  par: { required: false, pattern: "^(?=.*(?:^[A-Z]{3}\\/[A-Z]{3}$)).*$" },
  buscar: { required: false, maxLength: SEARCH_MAX_LENGTH },
};
