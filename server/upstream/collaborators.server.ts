import { z } from "zod";

import type { Http } from "./http.server";
import { permissionSchema } from "./product.server";

/**
 * Product API: collaborators and their permissions (SPEC §6, §7 members, permissions,
 * request-permission-rol; sandbox/CONTRACT.md 'Collaborators, permissions and approval').
 * Bearer product jwt; the administrator-only calls answer 403 to a collaborator.
 */

export const collaboratorSchema = z.object({
  id: z.coerce.string(),
  completeName: z.string(),
  profile_type: z.enum(["ADMINISTRADOR", "COLABORADOR"]),
  email: z.string().nullable().default(null),
  emailVerified: z.boolean().default(false),
  phone: z.string().nullable().default(null),
  phoneVerified: z.boolean().default(false),
  permissions: z.array(permissionSchema).default([]),
});
export type Collaborator = z.infer<typeof collaboratorSchema>;

export type PermissionCatalogue = Array<z.infer<typeof permissionSchema>>;

export function collaboratorsClient(http: Http) {
  return {
    /** §7 GET /permissions: the ids the update takes. */
    permissionCatalogue(): Promise<PermissionCatalogue> {
      return http.request({ method: "GET", path: "/permissions", schema: z.array(permissionSchema) });
    },
    /** §6 hasPermissionsFeatureEnabled for the jwt's company. */
    async permissionsFeatureEnabled(): Promise<boolean> {
      const body = await http.request({
        method: "GET",
        path: "/permissions/has-permissions-enabled",
        schema: z.object({ hasPermissionsFeatureEnabled: z.boolean() }),
      });
      return body.hasPermissionsFeatureEnabled;
    },
    /** §7 POST /request-permission-rol: an administrator asks for the permissions feature (repeating it answers the same request). */
    async requestPermissionRole(input: { username: string; companyName: string }): Promise<void> {
      await http.request({ method: "POST", path: "/request-permission-rol", body: input, schema: z.unknown(), idempotent: true });
    },
    myCollaborators(): Promise<Collaborator[]> {
      return http.request({ method: "GET", path: "/members/my-collaborators", schema: z.array(collaboratorSchema) });
    },
    /** Replaces the set; sending the same set twice leaves it as it is, so a timeout may be retried. */
    updateCollaborator(id: string, permissionIds: number[]): Promise<Collaborator> {
      return http.request({
        method: "PUT",
        path: `/members/update-collaborator/${encodeURIComponent(id)}`,
        body: { permissions: permissionIds.map((permissionId) => ({ id: permissionId })) },
        schema: collaboratorSchema,
        idempotent: true,
      });
    },
  };
}

export type CollaboratorsClient = ReturnType<typeof collaboratorsClient>;
