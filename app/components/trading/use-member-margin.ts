import { useEffect, useRef, useState } from "react";

/** The member's margin (percent, §9) and the base amount it was given for. */
export interface MemberMargin {
  margin: string | null;
  /** Plain base-currency amount ("1000.00"). */
  amount: string;
  /** True while it is §9's reference amount, not one the person typed. */
  reference: boolean;
}

/** Wait after the last keystroke before asking: one request per pause, not per digit. */
const ASK_AFTER_MS = 350;

/**
 * The member's margin for the amount being typed (decision 054), from GET /margen, starting from what
 * the server rendered (the quote's, or the reference amount's). `amount` null goes back to the
 * initial one. A failed request keeps the margin shown, with the amount it belongs to, so the
 * panel never pairs a margin with an amount it was not given for.
 */
export function useMemberMargin(pair: string | null, amount: string | null, initial: MemberMargin): MemberMargin {
  const [shown, setShown] = useState(initial);
  const initialRef = useRef(initial);
  initialRef.current = initial;
  // A new server render (a quote, another pair) brings its own margin.
  const initialKey = `${initial.margin}|${initial.amount}|${initial.reference}`;
  useEffect(() => setShown(initialRef.current), [initialKey]);
  useEffect(() => {
    if (!pair || amount === null) {
      setShown(initialRef.current);
      return;
    }
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      const query = new URLSearchParams({ par: pair, monto: amount });
      fetch(`/margen?${query.toString()}`, { signal: controller.signal, headers: { accept: "application/json" } })
        .then(async (response) => {
          if (!response.ok) return;
          const body = (await response.json()) as { margin?: unknown; amount?: unknown; pair?: unknown };
          if (body.pair === pair && typeof body.margin === "string" && typeof body.amount === "string") {
            setShown({ margin: body.margin, amount: body.amount, reference: false });
          }
        })
        .catch(() => undefined);
    }, ASK_AFTER_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [pair, amount]);
  return shown;
}
