import { observeRenderQueue } from "../metrics.server";

/**
 * One page render per turn of the event loop (docs/decisions/086). A page's render is its longest piece of
 * synchronous work (several milliseconds for the dashboard). Without pacing, every page whose upstream answers
 * arrived in the same poll was rendered in that one turn, and a busy server's turns lasted 35–115 ms. Node
 * (libuv ≥ 1.45) accepts one new connection per turn, so a burst of new connections waited seconds to be let in
 * (decision 083), and timers and live frames waited with them.
 *
 * Each page therefore waits for its own turn before rendering: the waiting pages are resolved one per check
 * phase, in arrival order. An immediate scheduled during the check phase runs in the next turn, so between two
 * renders the loop polls once more: it accepts a connection, reads answers, fires timers. A lone page waits
 * one immediate (microseconds). The total work is the same; it is spread over shorter turns.
 *
 * A page whose browser left while it waited (its request's signal aborted) is not rendered: nobody would read
 * it. It gives up its turn, and the next waiting page takes that same turn.
 */
interface WaitingPage {
  readonly signal: AbortSignal | undefined;
  readonly resolve: (render: boolean) => void;
}

const waiting: WaitingPage[] = [];
let scheduled = false;

function renderNext(): void {
  scheduled = false;
  let next = waiting.shift();
  while (next?.signal?.aborted) {
    next.resolve(false);
    next = waiting.shift();
  }
  if (waiting.length > 0) schedule();
  next?.resolve(true);
}

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  setImmediate(renderNext);
}

/**
 * Resolves when it is this page's turn to render: at most one page per turn of the event loop, first come first
 * served. True: render it now. False: its request was aborted (the browser left) before its turn came.
 */
export function renderTurn(signal?: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    waiting.push({ signal, resolve });
    schedule();
  });
}

/** How many pages wait for their turn (read by /metrics as portal_pages_waiting_to_render, and by tests). */
export const pagesWaitingToRender = () => waiting.length;
observeRenderQueue(pagesWaitingToRender);
