import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";

import { historyHref } from "#core/history-links";
import { ShareView } from "~/components/history/ShareView";
import type { HistoryHandle } from "~/routes/historial-operaciones";
import { json, loadShareView, shareAction } from "~/server-imports/historial-operaciones.$id.compartir";

/**
 * 'Compartir por correo' (§2 share view, §5): its own URL, so it renders on the server and works
 * without JS. Back goes to the detail; 'Previsualizar' to the preview view.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return json(await loadShareView(request, context, params.id ?? ""), { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return shareAction(request, context, params.id ?? "", "compartir");
}

export default function ShareRoute() {
  const { detail, defaults } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { search } = useLocation();
  return (
    <ShareView
      detail={detail}
      defaults={defaults}
      lastResult={actionData?.result ?? null}
      closeHref={historyHref(search)}
      backHref={historyHref(search, detail.id)}
      csrfToken={<AuthenticityTokenInput />}
    />
  );
}

export const handle: HistoryHandle = { titleKey: "shell.title.operations", holdsInput: true };
