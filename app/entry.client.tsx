import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";

import { folioInDocument, FolioProvider } from "~/folio";
import { loadOnDemandIn } from "~/utils/on-demand";

// The texts come with the route modules (handle.namespaces, decision 039); what the page renders on
// demand (a survey) is loaded first, so hydration meets the server's markup.
void loadOnDemandIn(document).then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <FolioProvider value={folioInDocument(document, window.history)}>
          <RemixBrowser />
        </FolioProvider>
      </StrictMode>,
    );
  });
});
