import accounts from "#core/locales/es-MX/accounts.json";
import alerts from "#core/locales/es-MX/alerts.json";
import auth from "#core/locales/es-MX/auth.json";
import calculator from "#core/locales/es-MX/calculator.json";
import collaborators from "#core/locales/es-MX/collaborators.json";
import common from "#core/locales/es-MX/common.json";
import dashboard from "#core/locales/es-MX/dashboard.json";
import duePayments from "#core/locales/es-MX/due-payments.json";
import errors from "#core/locales/es-MX/errors.json";
import flash from "#core/locales/es-MX/flash.json";
import history from "#core/locales/es-MX/history.json";
import legal from "#core/locales/es-MX/legal.json";
import market from "#core/locales/es-MX/market.json";
import membership from "#core/locales/es-MX/membership.json";
import monitoring from "#core/locales/es-MX/monitoring.json";
import multiplePayment from "#core/locales/es-MX/multiple-payment.json";
import notifications from "#core/locales/es-MX/notifications.json";
import overlays from "#core/locales/es-MX/overlays.json";
import payments from "#core/locales/es-MX/payments.json";
import portfolio from "#core/locales/es-MX/portfolio.json";
import prices from "#core/locales/es-MX/prices.json";
import recipients from "#core/locales/es-MX/recipients.json";
import session from "#core/locales/es-MX/session.json";
import settings from "#core/locales/es-MX/settings.json";
import tour from "#core/locales/es-MX/tour.json";
import tradeErrors from "#core/locales/es-MX/trade-errors.json";
import transaction from "#core/locales/es-MX/transaction.json";
import type { Translate } from "#core/translate";
import { translator } from "#core/translate";

/** Every namespace: server code (toasts in flash messages, downloads) reads any of them. */
export const resources = {
  common,
  errors,
  flash,
  session,
  overlays,
  auth,
  dashboard,
  prices,
  market,
  calculator,
  tour,
  duePayments,
  tradeErrors,
  settings,
  legal,
  notifications,
  transaction,
  history,
  accounts,
  recipients,
  alerts,
  monitoring,
  portfolio,
  collaborators,
  payments,
  membership,
  multiplePayment,
};

/** A translator for server code, outside the rendered page. */
export function serverT(namespace: keyof typeof resources = "common"): Translate {
  return translator(resources, namespace);
}
