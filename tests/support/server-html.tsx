import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
// Remix renders on react-router's data router; its static flavour is what a server render uses.
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { AuthenticityTokenProvider } from "remix-utils/csrf/react";

import { resources } from "~/i18n.server";

/** The HTML a browser with JS off receives for `element` rendered at `url` (forms carry a CSRF token). */
export async function serverHtml(element: ReactElement, url = "/"): Promise<string> {
  const handler = createStaticHandler([{ path: "*", element, handle: { namespaces: resources } }]);
  const context = await handler.query(new Request(`http://portal.test${url}`));
  if (context instanceof Response) throw new Error("unexpected response");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <AuthenticityTokenProvider token="token-de-prueba">
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AuthenticityTokenProvider>,
  );
}

/** The start tags of element `name` that carry every given attribute (attribute order ignored). */
export function tags(html: string, name: string, attributes: Record<string, string>): string[] {
  const all = html.match(new RegExp(`<${name}\\b[^>]*>`, "g")) ?? [];
  return all.filter((tag) => Object.entries(attributes).every(([key, value]) => tag.includes(` ${key}="${value}"`)));
}
