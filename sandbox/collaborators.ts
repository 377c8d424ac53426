// Collaborators and their permissions, the permissions feature flag, the permission-activation
// request, terms acceptance, and the administrator's approval or voiding of what a collaborator
// loaded (decision 052; SPEC §6, §7 members, permissions, request-permission-rol, PUT /operations).

import { z } from "zod";

import { findBankUser, findCompany, type SandboxContext } from "./context";
import { HttpError, json, parseWith, type RequestContext, type Router } from "./http";
import { addNotification } from "./notifications";
import { approveRefusal, voidRefusal } from "./operation-lifecycle";
import { addBinnacleEntry, debitOf, INSUFFICIENT_FUNDS_MESSAGE, statusNotice, viewOfOperation } from "./operations";
import { authenticateMember, type ProductAuth } from "./product";
import type { OperationRecord, PermissionName, ProductMember, SandboxState } from "./types";

export interface PermissionRequest {
  id: number;
  memberId: number;
  username: string;
  companyName: string;
  clientId: string;
  at: string;
}

export interface CollaborationState {
  permissionRequests: PermissionRequest[];
  nextRequestId: number;
}

export function seedCollaboration(): CollaborationState {
  return { permissionRequests: [], nextRequestId: 1 };
}

/** §8: the bank's answer when the company needs a second signature. */
export const SECOND_SIGNATURE_MESSAGE = "Privilegios de mancomunación insuficientes";
/** §6: what a collaborator is told when an administrator changes their permissions. */
export const PERMISSIONS_UPDATED_TITLE = "Tus permisos han sido actualizados";

const forbidden = () => new HttpError(403, "Solo un administrador de la empresa puede hacer esto", "FORBIDDEN");

/** The caller, who must be an administrator of the jwt's company. */
function requireAdministrator(ctx: SandboxContext, request: RequestContext): ProductAuth {
  const caller = authenticateMember(ctx, request);
  if (caller.profileType !== "ADMINISTRADOR") throw forbidden();
  return caller;
}

/** Members who are collaborators (COLABORADOR) of the company. */
function collaboratorsOf(state: SandboxState, clientId: string): ProductMember[] {
  return state.members.filter((member) => {
    const user = findBankUser(state, member.userName);
    return user?.companies.some((link) => link.clientId === clientId && link.profileType === "COLABORADOR") ?? false;
  });
}

function collaboratorView(state: SandboxState, member: ProductMember) {
  const user = findBankUser(state, member.userName);
  return {
    id: member.memberId,
    completeName: user ? [user.name, user.firstLastName, user.secondLastName].join(" ") : member.profile.alias,
    profile_type: "COLABORADOR" as const,
    email: member.profile.email,
    emailVerified: member.profile.emailVerified,
    phone: member.profile.phone,
    phoneVerified: member.profile.phoneVerified,
    permissions: state.catalogs.permissions.filter((permission) => member.permissions.includes(permission.name)),
  };
}

const updateCollaboratorInput = z.object({
  permissions: z.array(z.object({ id: z.coerce.number().int().positive() })).max(10),
});
const requestPermissionInput = z.object({ username: z.string().min(1).max(120), companyName: z.string().min(1).max(200) });
const termsInput = z.object({ tyc_acepted: z.literal(true) });
const operationActionInput = z.object({ id: z.coerce.number().int().positive(), action: z.enum(["approve", "void"]) });
const companySettingsInput = z
  .object({ permissionsFeatureEnabled: z.boolean().optional(), secondSignatureRequired: z.boolean().optional() })
  .strict();

export function registerCollaboratorRoutes(router: Router, ctx: SandboxContext): void {
  const { state } = ctx;
  const nowIso = () => ctx.now().toISOString();

  function companyOf(clientId: string) {
    const company = findCompany(state, clientId);
    if (!company) throw new HttpError(404, "Empresa no encontrada", "COMPANY_NOT_FOUND");
    return company;
  }

  function ownOperation(caller: ProductAuth, id: number): OperationRecord {
    const operation = state.operations.find((candidate) => candidate.id === id && candidate.clientId === caller.claims.clientId);
    if (!operation) throw new HttpError(404, "Operación no encontrada", "OPERATION_NOT_FOUND");
    return operation;
  }

  function approve(caller: ProductAuth, operation: OperationRecord) {
    const refused = approveRefusal(operation, caller.member.memberId);
    if (refused) throw refused;
    // The bank checks the signature level before it hands out a challenge.
    if (companyOf(operation.clientId).secondSignatureRequired) throw new HttpError(422, SECOND_SIGNATURE_MESSAGE, "SGN-001");
    // Funds as /setoperation checks them, so the administrator hears before the challenge (apply checks again).
    const origin = state.accounts.find(
      (account) => account.idAccount === operation.accountOrigin.idCuenta && account.clientId === operation.clientId,
    );
    if (!origin || origin.balance < debitOf(operation)) throw new HttpError(422, INSUFFICIENT_FUNDS_MESSAGE, "INSUFFICIENT_FUNDS");
    if (!operation.approvedBy) {
      operation.approvedBy = caller.member.memberId;
      operation.approvedAt = nowIso();
      operation.updatedAt = nowIso();
      addBinnacleEntry(state, operation, "approved", "Aprobada por el administrador; espera su clave de operación", nowIso());
    }
    return {
      operation: viewOfOperation(state, operation),
      trk: operation.trk,
      uri: `${ctx.challengeUrl}/?trk=${encodeURIComponent(operation.trk)}`,
    };
  }

  function voidOperation(operation: OperationRecord) {
    const refused = voidRefusal(operation);
    if (refused) throw refused;
    if (operation.status === "notAppliedByAdmin") return { operation: viewOfOperation(state, operation) };
    operation.status = "notAppliedByAdmin";
    operation.updatedAt = nowIso();
    addBinnacleEntry(state, operation, "notAppliedByAdmin", "El usuario administrador eliminó la operación", nowIso());
    const notice = statusNotice(operation, "notAppliedByAdmin");
    if (notice) addNotification(ctx, { memberId: operation.memberId, module: "operation", status: "notAppliedByAdmin", ...notice });
    return { operation: viewOfOperation(state, operation) };
  }

  router
    .get("/api/permissions", (request) => {
      authenticateMember(ctx, request);
      return json(200, state.catalogs.permissions);
    })
    .get("/api/permissions/has-permissions-enabled", (request) => {
      const { claims } = authenticateMember(ctx, request);
      return json(200, { hasPermissionsFeatureEnabled: companyOf(claims.clientId).permissionsFeatureEnabled === true });
    })
    .get("/api/members/my-collaborators", (request) => {
      const { claims } = requireAdministrator(ctx, request);
      return json(
        200,
        collaboratorsOf(state, claims.clientId).map((member) => collaboratorView(state, member)),
      );
    })
    .put("/api/members/update-collaborator/:id", (request) => {
      const { claims } = requireAdministrator(ctx, request);
      const collaborator = collaboratorsOf(state, claims.clientId).find((member) => String(member.memberId) === request.params.id);
      if (!collaborator) throw new HttpError(404, "Colaborador no encontrado", "COLLABORATOR_NOT_FOUND");
      const input = parseWith(updateCollaboratorInput, request.body);
      const names = new Set<PermissionName>();
      for (const { id } of input.permissions) {
        const permission = state.catalogs.permissions.find((candidate) => candidate.id === id);
        if (!permission) throw new HttpError(400, `Permiso desconocido: ${id}`, "INVALID_PERMISSIONS");
        names.add(permission.name);
      }
      // §5/§6: 'Puede cargar transferencias' and 'Puede enviar transferencias…' are one radio group.
      if (names.has("can_create_operations") && names.has("can_execute_operations")) {
        throw new HttpError(400, "Elige cargar o enviar operaciones, no ambas", "INVALID_PERMISSIONS");
      }
      const next = state.catalogs.permissions.filter((permission) => names.has(permission.name)).map((permission) => permission.name);
      const changed = next.length !== collaborator.permissions.length || next.some((name) => !collaborator.permissions.includes(name));
      collaborator.permissions = next;
      if (changed) {
        addNotification(ctx, {
          memberId: collaborator.memberId,
          module: "permissions",
          type: "info",
          title: PERMISSIONS_UPDATED_TITLE,
          copy: "Actualiza la página para ver los cambios.",
          detail: { permissions: next },
        });
      }
      return json(200, collaboratorView(state, collaborator));
    })
    .put("/api/members/:id", (request) => {
      const { member } = authenticateMember(ctx, request);
      if (request.params.id !== String(member.memberId)) throw new HttpError(403, "Solo puedes actualizar tu propio registro", "FORBIDDEN");
      parseWith(termsInput, request.body);
      const acceptedAt = nowIso();
      member.terms = { acceptedAt, version: member.terms?.version ?? "2025-01", provider: member.terms?.provider ?? "portal-web" };
      return json(200, { id: member.memberId, userName: member.userName, tyc_acepted: true, tyc_acepted_at: acceptedAt });
    })
    .post("/api/request-permission-rol", (request) => {
      const { member, claims } = requireAdministrator(ctx, request);
      const input = parseWith(requestPermissionInput, request.body);
      if (input.username !== member.userName) throw new HttpError(403, "Solo puedes solicitarlo para ti", "FORBIDDEN");
      const company = companyOf(claims.clientId);
      if (input.companyName !== company.name && input.companyName !== company.businessName) {
        throw new HttpError(400, "companyName no es la empresa de la sesión", "INVALID_COMPANY");
      }
      const existing = state.collaboration.permissionRequests.find(
        (candidate) => candidate.memberId === member.memberId && candidate.clientId === claims.clientId,
      );
      if (existing) return json(200, { id: existing.id, status: "received" });
      const id = state.collaboration.nextRequestId++;
      state.collaboration.permissionRequests.push({
        id,
        memberId: member.memberId,
        username: member.userName,
        companyName: input.companyName,
        clientId: claims.clientId,
        at: nowIso(),
      });
      return json(201, { id, status: "received" });
    })
    .put("/api/operations", (request) => {
      const caller = requireAdministrator(ctx, request);
      const input = parseWith(operationActionInput, request.body);
      const operation = ownOperation(caller, input.id);
      return json(200, input.action === "approve" ? approve(caller, operation) : voidOperation(operation));
    })
    // Control endpoints: a company's permissions flag and second-signature rule; the activation requests received.
    .post("/__company-settings/:clientId", (request) => {
      const company = companyOf(request.params.clientId);
      const input = parseWith(companySettingsInput, request.body);
      if (input.permissionsFeatureEnabled !== undefined) company.permissionsFeatureEnabled = input.permissionsFeatureEnabled;
      if (input.secondSignatureRequired !== undefined) company.secondSignatureRequired = input.secondSignatureRequired;
      return json(200, {
        clientId: company.clientId,
        permissionsFeatureEnabled: company.permissionsFeatureEnabled === true,
        secondSignatureRequired: company.secondSignatureRequired === true,
      });
    })
    .get("/__permission-requests", () => json(200, state.collaboration.permissionRequests));
}
