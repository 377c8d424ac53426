// What every route module receives. Nothing here is module-level, so several sandboxes can run
// in one process (tests start one per file) without sharing state.

import type { Logger } from "pino";

import { mexicoCityDate } from "./dates";
import type { BankCompany, BankUser, NotificationRecord, ProductMember, ProfileType, SandboxState } from "./types";

export interface SandboxContext {
  state: SandboxState;
  now: () => Date;
  /** Where the portal sends the user back, without a trailing slash. */
  appUrl: string;
  bankTokenTtlSeconds: number;
  jwtTtlSeconds: number;
  logger: Logger;
  /** How long an operation stays "applying" after a successful challenge before it is applied. */
  applyDelayMs: number;
  /** Base of the challenge page handed out in /setoperation's `uri` (known once the port is bound). */
  challengeUrl: string;
  /** Pushes a notification just stored to its member's sockets (set once the socket server is up). */
  pushNotification: (record: NotificationRecord) => void;
}

export function today(ctx: SandboxContext): string {
  return mexicoCityDate(ctx.now());
}

export function findBankUser(state: SandboxState, userName: string): BankUser | undefined {
  return state.bankUsers.find((user) => user.userName === userName);
}

export function findCompany(state: SandboxState, clientId: string): BankCompany | undefined {
  return state.companies.find((company) => company.clientId === clientId);
}

export function profileTypeIn(user: BankUser, clientId: string): ProfileType | undefined {
  return user.companies.find((link) => link.clientId === clientId)?.profileType;
}

export function findMemberByUserName(state: SandboxState, userName: string): ProductMember | undefined {
  return state.members.find((member) => member.userName === userName);
}

export function findMemberById(state: SandboxState, memberId: number): ProductMember | undefined {
  return state.members.find((member) => member.memberId === memberId);
}
