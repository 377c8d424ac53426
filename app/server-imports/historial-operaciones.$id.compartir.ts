// What app/routes/historial-operaciones.$id.compartir.tsx's loader and action use of server-only code (decision 077): the browser build leaves this out.
export { json } from "@remix-run/node";
export { loadShareView, shareAction } from "#server/history/share.server";
