import { canOpenMarket } from "./membership";

/** The sidebar of SPEC §2: six entries, the market for Pro members, rules per company. */
export type MenuIcon = "dashboard" | "planner" | "operations" | "accounts" | "receivers" | "monitoring" | "market";

export interface MenuItem {
  key: MenuIcon;
  /** i18n key in the common namespace. */
  labelKey: string;
  href: string;
  icon: MenuIcon;
  badgeKey?: string;
}

export interface MenuContext {
  membershipId: number | undefined;
  /** Company under the special rule of §6 (receivers hidden). */
  specialRuleCompany: boolean;
  /** Company shown the 'Nueva Función' badge. */
  newFeatureCompany: boolean;
  permissionsFeatureEnabled: boolean;
}

export function sidebarItems(context: MenuContext): MenuItem[] {
  const items: MenuItem[] = [
    { key: "dashboard", labelKey: "shell.menu.dashboard", href: "/", icon: "dashboard" },
    {
      key: "planner",
      labelKey: context.permissionsFeatureEnabled ? "shell.menu.plannerApprove" : "shell.menu.planner",
      href: "/planner",
      icon: "planner",
      badgeKey: context.newFeatureCompany ? "shell.menu.newFeature" : undefined,
    },
    { key: "operations", labelKey: "shell.menu.operations", href: "/historial-operaciones", icon: "operations" },
    { key: "accounts", labelKey: "shell.menu.accounts", href: "/cuentas", icon: "accounts" },
    { key: "receivers", labelKey: "shell.menu.receivers", href: "/destinatarios", icon: "receivers" },
    { key: "monitoring", labelKey: "shell.menu.monitoring", href: "/monitoreo-de-divisas", icon: "monitoring" },
  ];
  if (canOpenMarket(context.membershipId)) {
    items.push({ key: "market", labelKey: "shell.menu.market", href: "/comportamiento-de-mercado", icon: "market" });
  }
  return items.filter((item) => !(item.key === "receivers" && context.specialRuleCompany));
}

/** Screen titles of §2 by path, for the top bar. */
export function screenTitleKey(pathname: string): string | null {
  if (pathname === "/") return "shell.title.dashboard";
  const titles: Array<[string, string]> = [
    ["/planner", "shell.title.planner"],
    ["/pagos-recurrentes", "shell.title.recurring"],
    ["/historial-operaciones", "shell.title.operations"],
    ["/cuentas", "shell.title.accounts"],
    ["/destinatarios", "shell.title.receivers"],
    ["/comportamiento-de-mercado", "shell.title.market"],
    ["/monitoreo-de-divisas", "shell.title.monitoring"],
    ["/portafolio", "shell.title.portfolio"],
    ["/alertas", "shell.title.alerts"],
    ["/terminos-condiciones", "shell.title.terms"],
    ["/configuracion/colaboradores", "shell.title.collaborators"],
    ["/membresias", "shell.title.membership"],
    ["/configuracion", "shell.title.settings"],
    ["/transaction", "shell.title.transaction"],
  ];
  return (
    titles.find(([prefix]) => pathname === prefix || pathname.startsWith(`${prefix}/`) || pathname.startsWith(`${prefix}-`))?.[1] ?? null
  );
}
