import { redirect } from "@remix-run/node";

/** SPEC §2: any other path redirects to the dashboard (whose guard then decides). */
export function loader() {
  return redirect("/");
}

export function action() {
  return redirect("/");
}
