import { Link } from "@remix-run/react";

import { CheckboxField } from "~/components/ui/CheckboxField";
import type { FieldMeta } from "~/components/ui/field-parts";
import type { Translate } from "~/i18n";
import { Trans } from "~/i18n";

const LEGAL_LINK = "text-brand-600 underline dark:text-brand-300";

/**
 * 'Acepto los Términos y Condiciones y el Aviso de Privacidad', the box a membership needs (the
 * wizard's first choice and the upgrade): both documents open in a new tab, so the form keeps what
 * was chosen. `i18nKey` is the sentence with its two links as <0> and <1>.
 */
export function TermsConsent({ meta, t, i18nKey }: { meta: FieldMeta; t: Translate; i18nKey: string }) {
  return (
    <CheckboxField
      meta={meta}
      label={
        <Trans
          t={t}
          i18nKey={i18nKey}
          components={[
            <Link key="terms" to="/terminos-condiciones" target="_blank" className={LEGAL_LINK} />,
            <Link key="privacy" to="/terminos-condiciones#aviso-de-privacidad" target="_blank" className={LEGAL_LINK} />,
          ]}
        />
      }
    />
  );
}
