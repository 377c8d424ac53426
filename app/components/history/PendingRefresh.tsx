import { useRevalidator } from "@remix-run/react";
import { useEffect } from "react";

/**
 * §4 Polling, the browser's part: while pending operations are on screen the page asks the server
 * again every `seconds` (the server checks them with the bank; see server/history/poller.server.ts).
 * With JS, a revalidation while the tab is visible; without JS, a meta refresh inside <noscript>,
 * which a browser running scripts ignores. Not used on views that hold typed input.
 */
export function PendingRefresh({ active, seconds = 120 }: { active: boolean; seconds?: number }) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === "visible" && revalidator.state === "idle") revalidator.revalidate();
    }, seconds * 1000);
    return () => window.clearInterval(timer);
  }, [active, seconds, revalidator]);
  if (!active) return null;
  return (
    <noscript>
      <meta httpEquiv="refresh" content={String(seconds)} />
    </noscript>
  );
}
