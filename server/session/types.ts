import type { AuthState } from "#core/domain/auth-state";

export type ProfileType = "ADMINISTRADOR" | "COLABORADOR";

export interface SessionCompany {
  clientId: string;
  name: string;
  businessName: string;
  profileType: ProfileType;
}

export interface SessionUser {
  userName: string;
  name: string;
  firstLastName: string;
  secondLastName: string;
  email: string;
}

/** What the server keeps for a session; the browser only ever holds the session id. */
export interface SessionData {
  authState: AuthState;
  bankToken: string;
  productJwt: string;
  /** Product token expiry (ms since epoch): the session's absolute end. */
  expiresAt: number;
  /** The login (ms since epoch): the session ends SESSION_ABSOLUTE_MS after it, 'Continuar' or not. */
  startedAt: number;
  lastSeenAt: number;
  memberId: string;
  user: SessionUser;
  companies: SessionCompany[];
  companyId: string;
  /** §4: after a partner 401/410 only sign-out may reach the partner bank. */
  partnerExpired: boolean;
  /** Error shown on /error (errorState). */
  errorReason: string;
  /**
   * The company's permissions feature (§6 hasPermissionsFeatureEnabled), read at the first page of
   * an administrator's session and again after a company change: it only names the sidebar's
   * payment-management item (decision 060); nothing is allowed or refused by it.
   */
  permissionsFeature?: { companyId: string; enabled: boolean };
  /** The Mexico City day the 18:50 close-market toast was last told in this session (decision 113). */
  closeToastOn?: string;
  /** Announcements the person closed: they stay closed for the session (at most 50 kept). */
  dismissedBanners?: string[];
  /**
   * The session's global overlay (§2), read once at its first page: the one pending (null when none
   * or once acted on) and whether the product was told it was shown (registerModal).
   */
  overlay?: {
    pending: { overlay: "rebrand" | "contacto" | "cuenta-remunerada" | "encuesta-csat" | "encuesta-nps"; flagIds: number[] } | null;
    registered: boolean;
  };
}

export interface Toast {
  id: string;
  type: "success" | "error" | "info";
  title: string;
  description?: string;
  /** Where the toast's subject is (e.g. a Pro-only screen refused: /membresias). */
  link?: { href: string; label: string };
}

export interface FlashData {
  toast: Toast;
  /** A survey refused by the server (without JS): what was typed and why, for the survey to show again. */
  surveyResult: unknown;
  /** A contact drawer's form refused by the server: its channel, its step and Conform's result (what was typed, why). */
  contactResult: { channel: "email" | "whatsapp"; step: "input" | "sent"; result: unknown };
  /** A URL-less modal to show once on the next page (e.g. company change failure). */
  modal: "companyChangeError";
  splash: boolean;
  /** The first page after a login shows the welcome splash (§2, decision 112), once. */
  welcome: boolean;
}
