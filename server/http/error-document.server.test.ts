import { describe, expect, it } from "vitest";

import { errorDocument, errorDocumentResponse } from "./error-document.server";

describe("errorDocument", () => {
  it("shows the request's 'Folio de soporte', a trace id in groups of four to read out", () => {
    const page = errorDocument(503, "upstream", undefined, "4bf92f3577b34da6a3ce929d0e0e4736");
    expect(page).toContain('Folio de soporte: <span class="id">4bf9 2f35 77b3 4da6 a3ce 929d 0e0e 4736</span>');
    expect(page).toContain('data-folio="4bf92f3577b34da6a3ce929d0e0e4736"');
  });

  it("shows no folio when the request has none", async () => {
    expect(errorDocument(404)).not.toContain("Folio de soporte");
    expect(await errorDocumentResponse(500, { folio: null }).text()).not.toContain("Folio de soporte");
    expect(await errorDocumentResponse(500, { folio: "3f2504e0-4f89-11d3-9a0c-0305e82c3301" }).text()).toContain(
      'Folio de soporte: <span class="id">3f2504e0-4f89-11d3-9a0c-0305e82c3301</span>',
    );
  });
});
