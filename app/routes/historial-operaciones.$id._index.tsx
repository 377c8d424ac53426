import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";

import { historyHref } from "#core/history-links";
import { getConfig } from "#server/config.server";
import { loadOperationDetail } from "#server/history/detail.server";
import { requireAccess } from "#server/session/auth.server";
import { OperationDetailBody, OperationDetailFooter } from "~/components/history/OperationDetailView";
import { OperationDrawer } from "~/components/history/OperationDrawer";
import type { HistoryHandle } from "~/routes/historial-operaciones";

/**
 * The operation drawer's detail view (§2), server-rendered over the list so a link opens exactly
 * this operation. Another company's operation, or one that does not exist, is a 404 (the list's
 * error boundary shows the Spanish 404 page), never someone else's data.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const access = await requireAccess(request, context);
  const { detail } = await loadOperationDetail(access, params.id ?? "");
  return json({ detail, bankPortalUrl: getConfig().BANK_PORTAL_URL }, { headers: { "Cache-Control": "private, no-store" } });
}

export default function OperationDetailRoute() {
  const { detail, bankPortalUrl } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return (
    <OperationDrawer
      detail={detail}
      closeHref={historyHref(search)}
      footer={
        <OperationDetailFooter
          detail={detail}
          links={{
            invoice: historyHref(search, detail.id, "factura"),
            receipt: historyHref(search, detail.id, "comprobante"),
            share: historyHref(search, detail.id, "compartir"),
          }}
        />
      }
    >
      <OperationDetailBody detail={detail} bankPortalUrl={bankPortalUrl} />
    </OperationDrawer>
  );
}

export const handle: HistoryHandle = {
  titleKey: "shell.title.operations",
  pending: (data) => Boolean((data as { detail?: { polled?: boolean } } | undefined)?.detail?.polled),
};
