/** SPEC §2: /healthcheck shows the text OK! — also the container's HEALTHCHECK. */
export function loader() {
  return new Response("OK!", {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
