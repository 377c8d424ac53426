import type { SubmissionResult } from "@conform-to/react";
import type { TypedResponse } from "@remix-run/node";
import { json } from "@remix-run/node";

/**
 * What every action that checks a form answers: Conform's result for the form (what was typed
 * and its messages, read by `useForm({ lastResult })`), plus whatever the screen shows beside it.
 */
export type ActionResult<Extra extends object = object> = { result: SubmissionResult<string[]> } & Extra;

/**
 * A form action's answer: 400 when the input was refused, another error status when an upstream
 * refused it, 200 when the screen shows the result (a quote, a bank search).
 */
export function formAnswer<Extra extends object = object>(
  data: ActionResult<Extra>,
  status = 200,
  headers?: HeadersInit,
): TypedResponse<ActionResult<Extra>> {
  return json(data, { status, headers });
}
