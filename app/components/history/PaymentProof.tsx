import type { PaymentProof as Proof } from "#core/domain/payment-proof";
import { BANXICO_CEP_URL } from "#core/domain/payment-proof";
import { CopyButton } from "~/components/ui/CopyButton";
import { Icon } from "~/components/ui/icons";
import { useTranslation } from "~/i18n";

const CARD = "rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900";
// Selectable as one piece with a tap or a click: the way to copy it without JavaScript.
const DATUM = "select-all break-all font-mono text-sm font-semibold text-slate-900 dark:text-slate-100";

/**
 * The proof of a transfer (decision 108): a SPEI's clave de rastreo, with what Banxico's CEP page asks
 * beside the link to it, each datum copyable; a SPID or international transfer's bank reference.
 */
export function PaymentProof({ proof, operationId }: { proof: NonNullable<Proof>; operationId: string }) {
  const { t } = useTranslation("history");
  const id = `operacion-${operationId}-rastreo`;
  if (proof.rail === "reference") {
    return (
      <section aria-labelledby={id} className={CARD}>
        <h3 id={id} className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">
          {t("proof.title")}
        </h3>
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("proof.reference")}</p>
        <p className="flex flex-wrap items-center gap-x-2">
          <span className={DATUM}>{proof.reference}</span>
          <CopyButton value={proof.reference} label={t("proof.reference")} />
        </p>
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">{t("proof.referenceHint")}</p>
      </section>
    );
  }
  return (
    <section aria-labelledby={id} className={CARD}>
      <h3 id={id} className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">
        {t("proof.title")}
      </h3>
      <h4 className="font-semibold">{t("proof.cepTitle")}</h4>
      <p className="mb-2 text-sm text-slate-600 dark:text-slate-300">{t("proof.cepHint")}</p>
      <dl className="divide-y divide-slate-100 text-sm dark:divide-slate-800">
        {proof.cep.map((field) => (
          <div key={field.key} className="flex flex-wrap items-center justify-between gap-x-4 py-1">
            <dt className="text-slate-600 dark:text-slate-300">{t(`proof.cep.${field.key}`)}</dt>
            <dd className="flex min-w-0 flex-wrap items-center justify-end gap-x-1 text-right">
              <span className={DATUM}>{field.text}</span>
              <CopyButton value={field.copy} label={t(`proof.cep.${field.key}`)} />
            </dd>
          </div>
        ))}
      </dl>
      <a
        href={BANXICO_CEP_URL}
        target="_blank"
        rel="noopener noreferrer"
        className="mt-3 inline-flex min-h-11 items-center gap-2 font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-300"
      >
        {t("proof.cepLink")}
        <Icon name="external" className="h-4 w-4" />
        <span className="sr-only">{t("proof.newWindow")}</span>
      </a>
    </section>
  );
}

/** The clave de rastreo under the tracker: the answer to 'where is my money?' sits where its steps are. */
export function TrackingKeyLine({ trackingKey }: { trackingKey: string }) {
  const { t } = useTranslation("history");
  return (
    <p className="flex flex-wrap items-center gap-x-2 text-sm">
      <span className="text-slate-600 dark:text-slate-300">{t("proof.trackingKey")}:</span>
      <span className={DATUM}>{trackingKey}</span>
      <CopyButton value={trackingKey} label={t("proof.trackingKey")} />
    </p>
  );
}
