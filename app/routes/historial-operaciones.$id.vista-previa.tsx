import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";

import { historyHref } from "#core/history-links";
import { PreviewView } from "~/components/history/ShareView";
import type { HistoryHandle } from "~/routes/historial-operaciones";
import { json, loadShareView, redirect, shareAction } from "~/server-imports/historial-operaciones.$id.vista-previa";

/**
 * The preview view (§2): the estimated-arrival e-mail with its own address and send button.
 * Back goes to the share view, which still has the choices (they travel in the share draft).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const view = await loadShareView(request, context, params.id ?? "");
  // §5: no estimated date (or returned, or not yet confirmed), no estimated-arrival e-mail to preview.
  if (!view.detail.share.rules.estimatedArrival.visible)
    throw redirect(historyHref(new URL(request.url).search, view.detail.id, "compartir"));
  return json(view, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return shareAction(request, context, params.id ?? "", "vista-previa");
}

export default function PreviewRoute() {
  const { detail, defaults } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { search } = useLocation();
  return (
    <PreviewView
      detail={detail}
      defaults={defaults}
      lastResult={actionData?.result ?? null}
      closeHref={historyHref(search)}
      backHref={historyHref(search, detail.id, "compartir")}
      csrfToken={<AuthenticityTokenInput />}
    />
  );
}

export const handle: HistoryHandle = { titleKey: "shell.title.operations", holdsInput: true };
