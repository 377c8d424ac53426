/**
 * The dashboard's guided tour (§2 'tabs and a guided tour'): steps addressed by URL (`?tour=N`), so
 * it works without JavaScript. A member who has not seen it (visited tours, §7 GraphQL) is invited;
 * finishing or skipping records it as seen. §4: the idle prompt turns it off.
 */
export const DASHBOARD_TOUR = "dashboard";
export const TOUR_PARAM = "tour";
/** The tour card's id: a step's link ends in `#recorrido`, so the browser scrolls to it without JS. */
export const TOUR_CARD_ID = "recorrido";

/** Each step points at a section of the dashboard, in the order they are read. */
export const DASHBOARD_TOUR_STEPS = ["prices", "calculator", "accounts", "history"] as const;
export type TourStep = (typeof DASHBOARD_TOUR_STEPS)[number];

/** The step the URL asks for (1-based), or null when it asks for none or for nonsense. */
export function tourStepOf(param: string | null, steps: readonly string[] = DASHBOARD_TOUR_STEPS): number | null {
  if (param === null || !/^\d{1,2}$/.test(param)) return null;
  const step = Number(param);
  return step >= 1 && step <= steps.length ? step : null;
}

export type TourView =
  | { kind: "none" }
  | { kind: "invite" }
  | { kind: "step"; step: number; of: number; target: TourStep; previous: number | null; next: number | null };

/**
 * What the dashboard shows of the tour: a step when the URL asks for one (anyone may take the tour
 * again), the invitation when the member has not seen it, else nothing. Unknown (the tours could
 * not be read) invites nobody: a failing call must not nag.
 */
export function tourView(param: string | null, visited: readonly string[] | null): TourView {
  const step = tourStepOf(param);
  const of = DASHBOARD_TOUR_STEPS.length;
  if (step !== null) {
    return {
      kind: "step",
      step,
      of,
      target: DASHBOARD_TOUR_STEPS[step - 1],
      previous: step > 1 ? step - 1 : null,
      next: step < of ? step + 1 : null,
    };
  }
  if (visited === null || visited.includes(DASHBOARD_TOUR)) return { kind: "none" };
  return { kind: "invite" };
}

/**
 * The invitation waits while a session overlay (§2: the rebrand notice, 'Datos pendientes de confirmar', a
 * survey…) is on the page: two invitations at once, one behind the other, is one too many. It comes on the
 * next page after the overlay is answered. A step the person asked for by URL is never hidden.
 */
export function tourBesideOverlay(view: TourView, overlayShown: boolean): TourView {
  return overlayShown && view.kind === "invite" ? { kind: "none" } : view;
}
