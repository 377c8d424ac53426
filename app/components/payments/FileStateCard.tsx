import type { ReactNode } from "react";

import type { FileState } from "#core/domain/payment-batch";

type ShownState = Exclude<FileState, "registering">;

const AMBER = "border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-700/60 dark:bg-amber-950/40 dark:text-amber-50";

/** The card's colour says whether money moved: green only once it was sent (decision 093). */
const TONES: Record<ShownState, { outcome: "success" | "pending" | "failed"; className: string }> = {
  toAuthorise: { outcome: "pending", className: AMBER },
  toApprove: { outcome: "pending", className: AMBER },
  partial: { outcome: "pending", className: AMBER },
  sent: {
    outcome: "success",
    className: "border-green-300 bg-green-50 text-green-950 dark:border-green-700 dark:bg-green-950 dark:text-green-50",
  },
  failed: { outcome: "failed", className: "border-red-300 bg-red-50 text-red-950 dark:border-red-800 dark:bg-red-950 dark:text-red-50" },
};

/**
 * What a file of payments is now, at a glance: its heading and one line in the state's colour
 * (amber while it waits for a token or an administrator, green once its money was sent, red when
 * none was), then what can be done with it.
 */
export function FileStateCard({
  state,
  headingId,
  heading,
  copy,
  children,
}: {
  state: ShownState;
  headingId: string;
  heading: string;
  copy: string;
  children?: ReactNode;
}) {
  const tone = TONES[state];
  return (
    <div data-outcome={tone.outcome} className={`flex flex-col gap-3 rounded-xl border p-5 ${tone.className}`}>
      <h3 id={headingId} className="text-lg font-semibold">
        {heading}
      </h3>
      <p role="status">{copy}</p>
      {children}
    </div>
  );
}
