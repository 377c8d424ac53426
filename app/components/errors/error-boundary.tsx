import { useRouteError, useRouteLoaderData } from "@remix-run/react";

import { withNamespaces } from "~/i18n";
import { onDemand } from "~/utils/on-demand";

/**
 * The error screen and its texts come when a page shows one (decision 127), not with every page's
 * first load: the server renders it like any on-demand part, and a browser given an error page loads
 * it before hydrating.
 */
export const ErrorPage = onDemand("error", () =>
  Promise.all([import("./ErrorPage"), import("#core/locales/es-MX/errors.json").then((module) => module.default)]).then(
    ([module, errors]) => withNamespaces({ errors }, module.ErrorPage),
  ),
);

/** Every route's boundary: `export { ErrorBoundary } from "~/components/errors/error-boundary";`. */
export function ErrorBoundary() {
  const inShell = Boolean((useRouteLoaderData("root") as { shell?: unknown } | undefined)?.shell);
  return <ErrorPage error={useRouteError()} landmark={!inShell} />;
}
