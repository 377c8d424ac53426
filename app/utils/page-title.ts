import { useMatches } from "@remix-run/react";

import type { ToastData } from "~/components/ui/Toast";
import type { NamespacesHandle } from "~/i18n";
import { useTranslation } from "~/i18n";

/** Routes name their page by an i18n key; the document title is "<page> · <product>". */
export type PageHandle = NamespacesHandle & {
  titleKey?: string;
  /** The page is a challenge's result modal: the session's expired notice waits for it (§4). */
  challengeModal?: boolean;
  /**
   * URL parameters the idle prompt removes when it opens (§4: it turns the dashboard's guided tour off).
   * The page names them, so the shell imports nothing of the tour (decision 077).
   */
  idlePromptClears?: string[];
  /** The pair whose live prices the page shows, from its loader data: the tab's channel carries them. */
  livePair?: (data: unknown) => string | null;
  /** Several pairs a page shows live (monitoring), from its loader data; the channel carries them all. */
  livePairs?: (data: unknown) => string[];
  /**
   * Without JavaScript, the page reloads itself after this many seconds (a refresh inside <noscript>
   * in <head>, the only place HTML allows it); null: it does not. With JavaScript the page polls instead.
   */
  noScriptRefresh?: (data: unknown) => number | null;
  /** A toast that belongs to the page itself (shown with it, not on the next page), from its loader data. */
  pageToast?: (data: unknown) => ToastData | null;
  /** The page's own notices, already in words, from its loader data: the shell's strip shows them with its banners. */
  pageNotices?: (data: unknown) => string[];
};

/** Every matched route's own notices (see PageHandle.pageNotices). */
export function usePageNotices(): string[] {
  return useMatches().flatMap((match) => (match.handle as PageHandle | undefined)?.pageNotices?.(match.data) ?? []);
}

/** The deepest matched route's own toast (see PageHandle.pageToast), if any. */
export function usePageToast(): ToastData | null {
  return (
    [...useMatches()]
      .reverse()
      .map((match) => (match.handle as PageHandle | undefined)?.pageToast?.(match.data))
      .find((toast): toast is ToastData => Boolean(toast)) ?? null
  );
}

/** The shortest self-reload any matched route asks for without JavaScript (see PageHandle.noScriptRefresh). */
export function useNoScriptRefresh(): number | null {
  const seconds = useMatches()
    .map((match) => (match.handle as PageHandle | undefined)?.noScriptRefresh?.(match.data))
    .filter((value): value is number => typeof value === "number" && value > 0);
  return seconds.length > 0 ? Math.min(...seconds) : null;
}

export function usePageTitle(): string {
  const { t } = useTranslation();
  const product = t("product.name");
  const key = [...useMatches()].reverse().find((match) => (match.handle as PageHandle | undefined)?.titleKey)?.handle as
    | PageHandle
    | undefined;
  return key?.titleKey ? `${t(key.titleKey)} · ${product}` : product;
}
