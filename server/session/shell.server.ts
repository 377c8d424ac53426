import { offersActivationRequest } from "#core/domain/approval";
import { showsSidebar } from "#core/domain/auth-state";
import { formatTime } from "#core/domain/dates";
import { trialCountdown } from "#core/domain/membership";
import type { MenuItem } from "#core/domain/menu";
import { screenTitleKey, sidebarItems } from "#core/domain/menu";
import { endsAtCap, IDLE_PROMPT_MS, sessionEndsAt, showsExpiryWarning, warningAt } from "#core/domain/session-timing";
import { fullName, initials, shortName } from "#core/domain/user";

import { getConfig } from "../config.server";
import type { SessionData } from "./types";

/** What the shell (sidebar, top bar, settings drawer) shows for an access session. */
export interface ShellData {
  menu: MenuItem[];
  titleKey: string | null;
  showSidebar: boolean;
  phone: string;
  contactHref: string;
  user: { shortName: string; initials: string; fullName: string; email: string; profileType: string };
  companies: Array<{ clientId: string; businessName: string }>;
  company: { clientId: string; businessName: string };
  isAdmin: boolean;
  /** 'Solicitar Activación' has something to ask for (decision 058). */
  offersActivationRequest: boolean;
  /** The plan as the product holds it now (decision 061), for the trial countdown; null when unreadable. */
  membership: { name: string; trialDays: number | null } | null;
}

/** What the shell needs of the membership read for this page (server/session/membership.server.ts). */
export interface ShellMembership {
  membershipId: 1 | 2;
  name: string;
  freeTrial: boolean;
  nextPayment: string | null;
}

export function isSpecialRuleCompany(clientId: string): boolean {
  return getConfig().SPECIAL_RULE_COMPANY_IDS.includes(clientId);
}

/**
 * `membership` is this request's read (null when the product could not answer in time: the
 * market item, Pro only, then stays out of the menu until the next page).
 */
export function shellData(data: SessionData, pathname: string, membership: ShellMembership | null, now = Date.now()): ShellData {
  const config = getConfig();
  const company = data.companies.find((c) => c.clientId === data.companyId) ?? data.companies[0];
  const permissionsFeature = data.permissionsFeature?.companyId === company.clientId ? data.permissionsFeature.enabled : null;
  const administrator = company.profileType === "ADMINISTRADOR";
  return {
    menu: sidebarItems({
      membershipId: membership?.membershipId,
      specialRuleCompany: isSpecialRuleCompany(company.clientId),
      newFeatureCompany: config.NEW_FEATURE_COMPANY_IDS.includes(company.clientId),
      permissionsFeatureEnabled: permissionsFeature === true,
      administrator,
    }),
    titleKey: screenTitleKey(pathname),
    showSidebar: showsSidebar(pathname),
    phone: config.CONTACT_PHONE,
    contactHref: config.CONTACT_CHAT_URL,
    user: {
      shortName: shortName(data.user.name, data.user.firstLastName),
      initials: initials(data.user.name, data.user.firstLastName),
      fullName: fullName(data.user),
      email: data.user.email,
      profileType: company.profileType,
    },
    companies: data.companies.map((c) => ({ clientId: c.clientId, businessName: c.businessName })),
    company: { clientId: company.clientId, businessName: company.businessName },
    isAdmin: administrator,
    offersActivationRequest: offersActivationRequest({ permissionsFeatureEnabled: permissionsFeature, administrator }),
    membership: membership ? { name: membership.name, trialDays: trialCountdown(membership, now) } : null,
  };
}

/**
 * Whether the session still has to read the company's permissions feature for the sidebar: an
 * administrator's session that has not read it for the current company (a collaborator's label
 * never changes, so nobody asks for it).
 */
export function needsPermissionsFeature(data: Partial<SessionData>): boolean {
  const company = data.companies?.find((c) => c.clientId === data.companyId);
  return company?.profileType === "ADMINISTRADOR" && data.permissionsFeature?.companyId !== company.clientId;
}

/** The session's clock for the browser's timers (§4, §5), its end already written as the page shows it. */
export function sessionClock(now: number, expiresAt: number, startedAt: number | undefined) {
  return {
    serverNow: now,
    warningAt: warningAt(expiresAt, startedAt),
    endsAt: sessionEndsAt(expiresAt, startedAt),
    idlePromptMs: IDLE_PROMPT_MS,
    showWarning: showsExpiryWarning(now, expiresAt, startedAt),
    capped: endsAtCap(expiresAt, startedAt),
    endsAtLabel: formatTime(sessionEndsAt(expiresAt, startedAt)),
  };
}
