import { z } from "zod";

import texts from "../locales/es-MX/collaborators.json";
import { PERMISSIONS } from "./permissions";
import { msg } from "./validation";

/**
 * The permissions form of SPEC §5/§6 for one collaborator: sending to own accounts, sending to
 * third-party accounts, and one radio group — 'Puede cargar transferencias' (create) or 'Puede
 * enviar transferencias y compra-venta de divisas' (execute) — that only counts with third-party
 * sending on, 'none' by default. One schema for the browser and the action (decision 058).
 */
export const OPERATION_MODES = ["none", "create", "execute"] as const;
export type OperationMode = (typeof OPERATION_MODES)[number];

const checkbox = z
  .literal("on")
  .optional()
  .transform((value) => value === "on");

export const collaboratorPermissionsSchema = z
  .object({
    ownAccounts: checkbox,
    thirdAccounts: checkbox,
    operationMode: z.enum(OPERATION_MODES, { errorMap: () => ({ message: msg.invalidOption }) }).default("none"),
  })
  .superRefine((value, ctx) => {
    if (value.operationMode !== "none" && !value.thirdAccounts) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["operationMode"], message: texts.modeNeedsThird });
    }
  });
export type CollaboratorPermissionsInput = z.infer<typeof collaboratorPermissionsSchema>;

/** What the form shows for a collaborator's current permission names. */
export function formValuesOf(names: readonly string[]): { ownAccounts: "on" | ""; thirdAccounts: "on" | ""; operationMode: OperationMode } {
  const third = names.includes(PERMISSIONS.thirdAccounts);
  const mode: OperationMode = !third
    ? "none"
    : names.includes(PERMISSIONS.executeOperations)
      ? "execute"
      : names.includes(PERMISSIONS.createOperations)
        ? "create"
        : "none";
  return { ownAccounts: names.includes(PERMISSIONS.ownAccounts) ? "on" : "", thirdAccounts: third ? "on" : "", operationMode: mode };
}

/**
 * What a collaborator may do, in the drawer's words, for their row in the list: own accounts and
 * third parties yes or no, then with third parties on what they may do there ('Puede cargar
 * transferencias', 'Puede enviar transferencias y compra-venta de divisas' or none).
 */
export function permissionSummary(names: readonly string[]): string[] {
  const values = formValuesOf(names);
  const answer = (on: boolean) => (on ? texts.summary.yes : texts.summary.no);
  const facts = [
    texts.summary.ownAccounts.replace("{{answer}}", answer(values.ownAccounts === "on")),
    texts.summary.thirdAccounts.replace("{{answer}}", answer(values.thirdAccounts === "on")),
  ];
  if (values.thirdAccounts === "on")
    facts.push(values.operationMode === "none" ? texts.summary.none : texts.drawer.modes[values.operationMode]);
  return facts;
}

/** The permission names a valid form grants. */
export function permissionNamesOf(input: CollaboratorPermissionsInput): string[] {
  const names: string[] = [];
  if (input.ownAccounts) names.push(PERMISSIONS.ownAccounts);
  if (input.thirdAccounts) {
    names.push(PERMISSIONS.thirdAccounts);
    if (input.operationMode === "create") names.push(PERMISSIONS.createOperations);
    if (input.operationMode === "execute") names.push(PERMISSIONS.executeOperations);
  }
  return names;
}

/** The product's ids for those names (§7 GET /permissions); null when the catalogue lacks one. */
export function permissionIdsOf(names: readonly string[], catalogue: ReadonlyArray<{ id: number; name: string }>): number[] | null {
  const ids: number[] = [];
  for (const name of names) {
    const entry = catalogue.find((permission) => permission.name === name);
    if (!entry) return null;
    ids.push(entry.id);
  }
  return ids;
}

/** WhatsApp as the product stores it (dial code without '+', then 10 digits), or null when there is none. */
export function whatsappLabel(phone: string | null): string | null {
  const digits = (phone ?? "").replace(/\D/g, "");
  if (digits.length < 10) return null;
  const code = digits.slice(0, -10);
  const local = digits.slice(-10);
  return code ? `+${code} ${local}` : local;
}
