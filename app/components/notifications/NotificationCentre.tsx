import { Form, Link } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";

import type { NotificationLinkLabel } from "#core/domain/notification-links";
import { buttonClass } from "~/components/ui/button";
import { Drawer } from "~/components/ui/Drawer";
import { EmptyState } from "~/components/ui/EmptyState";
import type { IconName } from "~/components/ui/icons";
import { Icon } from "~/components/ui/icons";
import { SelectField } from "~/components/ui/SelectField";
import { SubmitButton } from "~/components/ui/SubmitButton";
import { Tabs } from "~/components/ui/Tabs";
import { useTranslation } from "~/i18n";

export type NotificationCentreItemView = {
  id: string;
  module: string;
  type: "error" | "info" | "pending";
  title: string;
  copy: string | null;
  read: boolean;
  createdAt: string;
  /** Already worded: 'hace 5 minutos'. */
  timeAgo: string;
  createdAtText: string;
  anchor: string | null;
  /** Where the notification leads (every module leads somewhere), and the words of its link. */
  href?: string | null;
  linkLabel?: NotificationLinkLabel | null;
};

/** What the root loader hands over for an open centre (server/notifications/centre.server.ts). */
export type NotificationCentreView = {
  tab: "todas" | "no-leidas";
  /** "" = every category. */
  category: string;
  categories: string[];
  items: NotificationCentreItemView[];
  unreadCount: number;
  empty: "error" | "none" | "filtered" | null;
  /** `all`: every notification, no tab or category (the filtered empty state's next step). */
  links: { here: string; close: string; todas: string; noLeidas: string; all: string; loadMore: string | null };
  filter: { action: string; hidden: Array<{ name: string; value: string }> };
};

export type NotificationCentreProps = {
  /** Null: the URL does not open the centre, so nothing renders. */
  centre: NotificationCentreView | null;
  /** The action route that marks notifications read (intents `leer` and `leer-todas`). */
  action?: string;
};

const CATEGORY_ID = "notificaciones-categoria";

/** The colour says how it went (§3 type); the icon says what it is about (its module). */
const typeLook: Record<NotificationCentreItemView["type"], string> = {
  info: "bg-brand-50 text-brand-700 dark:bg-brand-900 dark:text-brand-100",
  pending: "bg-amber-50 text-pending dark:bg-amber-950 dark:text-amber-300",
  error: "bg-red-50 text-failed dark:bg-red-950 dark:text-red-400",
};

const moduleIcon: Record<string, IconName> = {
  announcement: "megaphone",
  operation: "dashboard",
  operationsToBeApproved: "approval",
  planner: "planner",
  receiver: "receivers",
  borecipient: "receivers",
  movement: "movement",
  profileUpdate: "user",
  permissions: "shield",
  priceAlert: "market",
};

/**
 * 'Notificaciones' (SPEC §2): link tabs 'Todas' / 'No leídas', a category filter that is a GET
 * form, the list with 'Marcar como leída', 'Marcar todas como leídas', 'Cargar más' and the three
 * empty states. Every control is a link or a native form, so it all works with JavaScript off.
 */
export function NotificationCentre({ centre, action = "/notificaciones" }: NotificationCentreProps) {
  const { t } = useTranslation("notifications");
  if (!centre) return null;
  const { links } = centre;

  return (
    <Drawer open id="notificaciones" title={t("title")} closeHref={links.close} width="sm">
      <Tabs
        label={t("tabs.label")}
        current={centre.tab}
        replace
        className="-mx-6 -mt-5 mb-4 px-6"
        tabs={[
          { id: "todas", label: t("tabs.todas"), href: links.todas },
          { id: "no-leidas", label: t("tabs.noLeidas"), href: links.noLeidas },
        ]}
      />

      <div className="mb-4 flex flex-wrap items-end gap-3">
        <CategoryFilter centre={centre} />
        {centre.unreadCount > 0 && centre.empty !== "error" ? (
          <Form method="post" action={action} preventScrollReset className="ml-auto">
            <AuthenticityTokenInput />
            <input type="hidden" name="redirectTo" value={links.here} />
            <SubmitButton name="intent" value="leer-todas" variant="ghost" pendingText={t("list.marking")} className="!px-3">
              {t("list.markAllRead")}
            </SubmitButton>
          </Form>
        ) : null}
      </div>

      {centre.empty ? (
        <CentreEmpty kind={centre.empty} reloadHref={links.here} allHref={links.all} />
      ) : (
        <>
          <ul aria-label={t("list.label")} className="divide-y divide-slate-200 dark:divide-slate-700">
            {centre.items.map((item) => (
              <NotificationRow key={item.id} item={item} action={action} redirectTo={links.here} />
            ))}
          </ul>
          {links.loadMore ? (
            <Link to={links.loadMore} preventScrollReset className={buttonClass("secondary", "mt-4 w-full")}>
              {t("list.loadMore")}
            </Link>
          ) : null}
        </>
      )}
    </Drawer>
  );
}

function CategoryFilter({ centre }: { centre: NotificationCentreView }) {
  const { t } = useTranslation("notifications");
  return (
    <Form method="get" action={centre.filter.action} preventScrollReset className="flex items-end gap-2">
      {centre.filter.hidden.map(({ name, value }, index) => (
        <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
      ))}
      {/* Keyed by the category so Back/forward with JS shows the current one. */}
      <SelectField
        key={centre.category}
        compact
        meta={{ id: CATEGORY_ID, name: "ncat", initialValue: centre.category }}
        label={t("filter.label")}
        placeholder={t("filter.all")}
      >
        {centre.categories.map((category) => (
          <option key={category} value={category}>
            {t(`categories.${category}`, { defaultValue: category })}
          </option>
        ))}
      </SelectField>
      <SubmitButton variant="secondary" className="!px-4">
        {t("filter.submit")}
      </SubmitButton>
    </Form>
  );
}

function NotificationRow({ item, action, redirectTo }: { item: NotificationCentreItemView; action: string; redirectTo: string }) {
  const { t } = useTranslation("notifications");
  return (
    <li id={item.anchor ?? undefined} className="flex scroll-mt-4 gap-3 py-4">
      <span
        data-module={item.module}
        className={`mt-0.5 inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full ${typeLook[item.type]}`}
      >
        <Icon name={moduleIcon[item.module] ?? (item.type === "error" ? "error" : "info")} className="h-5 w-5" />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex items-start gap-2">
          <h3
            className={`min-w-0 flex-1 break-words text-sm leading-5 ${item.read ? "font-medium text-slate-700 dark:text-slate-300" : "font-semibold text-slate-900 dark:text-white"}`}
          >
            {item.title}
          </h3>
          {item.read ? null : (
            <span className="mt-1.5 inline-flex shrink-0 items-center" data-testid="notification-unread">
              <span aria-hidden="true" className="h-2.5 w-2.5 rounded-full bg-brand-600 dark:bg-brand-400" />
              <span className="sr-only">{t("list.unread")}</span>
            </span>
          )}
        </div>
        {item.copy ? <p className="mt-1 break-words text-sm text-slate-600 dark:text-slate-400">{item.copy}</p> : null}
        {item.href ? (
          <Link to={item.href} className="mt-1 inline-block text-sm font-semibold text-brand-700 underline dark:text-brand-300">
            {t(`links.${item.linkLabel ?? "operation"}`)}
            <span className="sr-only">: {item.title}</span>
          </Link>
        ) : null}
        <div className="mt-1 flex flex-wrap items-center justify-between gap-2">
          <time dateTime={item.createdAt} title={item.createdAtText} className="text-xs text-slate-500 dark:text-slate-400">
            {item.timeAgo}
          </time>
          {item.read ? null : (
            <Form method="post" action={action} preventScrollReset>
              <AuthenticityTokenInput />
              <input type="hidden" name="intent" value="leer" />
              <input type="hidden" name="redirectTo" value={redirectTo} />
              <SubmitButton
                name="id"
                value={item.id}
                variant="ghost"
                pendingText={t("list.marking")}
                className="!min-h-9 !px-3 !py-1 text-xs"
              >
                {t("list.markRead")}
                <span className="sr-only">: {item.title}</span>
              </SubmitButton>
            </Form>
          )}
        </div>
      </div>
    </li>
  );
}

function CentreEmpty({
  kind,
  reloadHref,
  allHref,
}: {
  kind: NonNullable<NotificationCentreView["empty"]>;
  reloadHref: string;
  allHref: string;
}) {
  const { t } = useTranslation("notifications");
  if (kind === "error") {
    return (
      <div role="alert" className="flex flex-col items-center gap-4 px-4 py-12 text-center">
        <Icon name="error" className="h-8 w-8 text-failed dark:text-red-400" />
        <p className="text-base font-medium text-slate-900 dark:text-slate-100">{t("empty.error")}</p>
        <Link to={reloadHref} preventScrollReset replace className={buttonClass("secondary")}>
          {t("empty.reload")}
        </Link>
      </div>
    );
  }
  // Each empty list says what to do next (decision 055): create an alert, or see every notification.
  return kind === "none" ? (
    <EmptyState
      plain
      icon="bell"
      message={t("empty.none")}
      hint={t("empty.noneHint")}
      action={{ label: t("empty.noneAction"), href: "/alertas" }}
    />
  ) : (
    <EmptyState
      plain
      icon="bell"
      message={t("empty.filtered")}
      action={{ label: t("empty.filteredAction"), href: allHref, preventScrollReset: true }}
    />
  );
}
