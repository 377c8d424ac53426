// What app/routes/configuracion_.colaboradores.tsx's loader and action use of server-only code (decision 077): the browser build leaves this out.
export { json, redirect } from "@remix-run/node";
export { formAnswer } from "#server/forms.server";
export { newToast, redirectWithToast } from "#server/session/auth.server";
export { readForm } from "#server/session/csrf.server";
export { requireAdministrator } from "#server/session/permissions.server";
export { cached } from "#server/upstream/cache.server";
export { isUpstreamError } from "#server/upstream/errors";
export { optional } from "#server/upstream/optional.server";
export { serverT } from "~/i18n.server";
