import { useRevalidator } from "@remix-run/react";
import { useEffect } from "react";

/**
 * A second after 18:50 a page left open asks the server again, whose answer carries §4's close-market
 * toast (decision 113): the server alone decides whether and which one, with its clock and the bank's
 * holidays, so the browser's clock plays no part. A second late, so a server a little behind still
 * says it is due; one still ahead gives a new, short wait.
 */
const LATE_MS = 1_000;

export function useCloseToastTimer(dueInMs: number | null) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (dueInMs === null) return;
    const timer = window.setTimeout(() => revalidator.revalidate(), dueInMs + LATE_MS);
    return () => window.clearTimeout(timer);
  }, [dueInMs]); // eslint-disable-line react-hooks/exhaustive-deps -- revalidator changes with every render
}
