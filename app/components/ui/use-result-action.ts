import { useFormAction } from "@remix-run/react";
import { useHydrated } from "remix-utils/use-hydrated";

import { withFragment } from "#core/url";

/**
 * The action of a form whose answer shows below the fold (decision 120). Without JavaScript the
 * answer is a new page: the fragment makes the browser open it at the result (a quote, a calendar,
 * a list) instead of at the top. Once hydrated the form submits in place and the page must not
 * move, so the fragment goes: the form posts to `action` (by default its route's own), as before;
 * give it `preventScrollReset` too.
 */
export function useResultAction(fragment: string, action?: string): string | undefined {
  const own = useFormAction();
  const hydrated = useHydrated();
  return hydrated ? action : withFragment(action ?? own, fragment);
}
