import texts from "#core/locales/es-MX/flash.json";

import { newToast, redirectWithToast } from "./auth.server";

/**
 * A download that could not be made (SPEC §8 'No se pudo descargar' / 'Presentamos problemas para
 * completar tu descarga…'): back to the screen it was asked from, with the error as a toast. The
 * download links are plain links without `download`, so the browser follows this redirect and shows
 * the page; it works without JS.
 */
export function downloadFailed(request: Request, backTo: string): Promise<Response> {
  const { title, description } = texts.download.failed;
  return redirectWithToast(request, backTo, newToast("error", title, description));
}
