import type { AccountView } from "#core/domain/accounts";
import { isOnlyChoiceChosen } from "#core/domain/calculator-choices";
import { recipientDestination } from "#core/domain/calculator-prefill";
import { formatMoney } from "#core/money";
import type { RecipientOption } from "#server/trading/accounts.server";
import type { ReasonOption } from "#server/trading/calculator.server";
import { Field } from "~/components/ui/Field";
import type { FieldMeta } from "~/components/ui/field-parts";
import { SelectField } from "~/components/ui/SelectField";
import { useTranslation } from "~/i18n";

/**
 * The parts a transfer's form shares wherever it is filled — the calculator and a recurring payment's
 * edit (decision 063): how an account reads in a menu, the recipients' group of the destination menu,
 * and the reason with its concept.
 *
 * A closed menu shows only the start of its choice, and on a phone that start is about 30 characters: an
 * option leads with what must never be cut, the account's last digits and its balance (or a recipient's
 * currency), and ends with the name, the only part a narrow menu may cut (decision 133).
 */
export function useAccountLabel() {
  const { t } = useTranslation("calculator");
  return (account: AccountView) =>
    t("calculator.accountOption", {
      alias: account.alias,
      last4: account.last4,
      balance: formatMoney(account.balance, account.currency),
    });
}

/** The destination menu's recipients (sent as "r:<id>" beside own accounts); nothing when there are none. */
export function RecipientOptions({ recipients }: { recipients: RecipientOption[] }) {
  const { t } = useTranslation("calculator");
  if (recipients.length === 0) return null;
  return (
    <optgroup label={t("calculator.recipients")}>
      {recipients.map((recipient) => (
        <option key={recipient.id} value={recipientDestination(recipient.id)}>
          {t("calculator.recipientOption", {
            name: recipient.name,
            bank: recipient.bankName,
            last4: recipient.last4,
            currency: recipient.currency,
          })}
        </option>
      ))}
    </optgroup>
  );
}

/** The payment reason (§3 conceptpays) and the free concept under it. */
export function ReasonAndConcept({ reason, concept, reasons }: { reason: FieldMeta; concept: FieldMeta; reasons: ReasonOption[] }) {
  const { t } = useTranslation("calculator");
  return (
    <>
      <SelectField
        label={t("calculator.reason")}
        meta={reason}
        // One reason, already chosen by the server (decision 122): nothing to choose.
        placeholder={
          isOnlyChoiceChosen(
            reasons.map((option) => String(option.id)),
            reason.initialValue,
          )
            ? undefined
            : t("calculator.choose")
        }
      >
        {reasons.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </SelectField>
      <Field meta={concept} label={t("calculator.concept")} description={t("calculator.conceptHint")} />
    </>
  );
}
