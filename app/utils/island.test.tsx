import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { island, useSnapshot, useSnapshotOf } from "./island";
import { loadEveryOnDemand } from "./on-demand";

function Greeting({ name }: { name: string }) {
  return <p>Hola {name}</p>;
}

describe("island (decision 082)", () => {
  it("is rendered by the server with the page, once its code is loaded like an on-demand part's", async () => {
    let loads = 0;
    const Part = island("saludo-de-prueba", async () => {
      loads += 1;
      return Greeting;
    });
    await loadEveryOnDemand();
    const html = renderToString(<Part.Part name="Ana" />);
    // Its own Suspense boundary, complete in the HTML: the browser can hydrate it apart, when its code comes.
    expect(html).toBe('<div data-island="saludo-de-prueba" class="contents"><!--$--><p>Hola <!-- -->Ana</p><!--/$--></div>');
    await Part.preload();
    expect(loads).toBe(1);
  });

  it("asks again for code whose download failed", async () => {
    let attempts = 0;
    const Part = island("saludo-que-falla", async () => {
      attempts += 1;
      if (attempts === 1) throw new Error("red caída");
      return Greeting;
    });
    await expect(Part.preload()).rejects.toThrow("red caída");
    await Part.preload();
    expect(attempts).toBe(2);
    expect(renderToString(<Part.Part name="Luis" />)).toContain("<p>Hola <!-- -->Luis</p>");
  });
});

describe("snapshots for islands", () => {
  it("render the value the page was first rendered with on the server, the current one afterwards", () => {
    function Reader({ value }: { value: number }) {
      const snapshot = useSnapshotOf(value);
      return <span>{useSnapshot(snapshot)}</span>;
    }
    expect(renderToString(<Reader value={7} />)).toBe("<span>7</span>");
  });
});
