import { useLocation, useMatches, useNavigate, useRevalidator, useSubmit } from "@remix-run/react";
import { useCallback } from "react";
import { AuthenticityTokenInput, useAuthenticityToken } from "remix-utils/csrf/react";

import { withoutParams, withParams } from "#core/url";
import type { PageHandle } from "~/utils/page-title";

import { SessionExpiring } from "./overlays-on-demand";
import { useSessionTimers } from "./use-session-timers";

export type SessionClockProps = {
  serverNow: number;
  warningAt: number;
  endsAt: number;
  idlePromptMs: number;
  /** The server already knows the warning is due (the page works without JS). */
  showWarning: boolean;
  /** The session ends at its absolute cap: 'Continuar' cannot extend it (ASVS 7.3.2). */
  capped: boolean;
  /** The end as a Mexico City time ('18:42'), for the capped warning. */
  endsAtLabel: string;
};

/** Session timers and the expiry modal for a logged-in page. */
export function SessionGuardian({ clock, inactivityOpen }: { clock: SessionClockProps; inactivityOpen: boolean }) {
  const location = useLocation();
  const navigate = useNavigate();
  const submit = useSubmit();
  const csrf = useAuthenticityToken();
  const here = `${location.pathname}${location.search}`;

  const matches = useMatches();
  // §4: the idle prompt turns the guided tour off — the page names the parameters it drops (PageHandle).
  const cleared = matches.flatMap((match) => (match.handle as PageHandle | undefined)?.idlePromptClears ?? []).join(" ");
  const openInactivity = useCallback(
    () =>
      navigate(withoutParams(withParams(here, { dialogo: "inactividad" }), cleared ? cleared.split(" ") : []), {
        preventScrollReset: true,
      }),
    [navigate, here, cleared],
  );
  const closeInactivity = useCallback(
    () => navigate(withoutParams(here, ["dialogo"]), { preventScrollReset: true, replace: true }),
    [navigate, here],
  );
  const logout = useCallback(() => submit({ csrf, reason: "inactivity" }, { method: "post", action: "/logout" }), [submit, csrf]);
  const revalidator = useRevalidator();
  const challengeOpen = matches.some((match) => (match.handle as PageHandle | undefined)?.challengeModal === true);
  const { secondsLeft } = useSessionTimers({
    ...clock,
    inactivityOpen,
    challengeOpen,
    openInactivity,
    closeInactivity,
    logout,
    reload: revalidator.revalidate,
  });

  return (
    <SessionExpiring
      open={clock.showWarning || secondsLeft !== null}
      secondsLeft={secondsLeft}
      csrfToken={<AuthenticityTokenInput />}
      extendAction="/sesion/extender"
      logoutAction="/logout"
      redirectTo={here}
      capped={clock.capped ? { endsAt: clock.endsAtLabel } : null}
    />
  );
}
