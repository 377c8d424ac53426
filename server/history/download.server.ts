import { historyHref } from "#core/history-links";
import texts from "#core/locales/es-MX/history.json";

import { newToast, redirectWithToast } from "../session/auth.server";

/** §8 download error ('No se pudo descargar' / 'Presentamos problemas…'), back on the operation's detail. */
export function downloadFailed(request: Request, operationId: string): Promise<Response> {
  const { title, description } = texts.documents.error;
  return redirectWithToast(request, historyHref(new URL(request.url).search, operationId), newToast("error", title, description));
}
