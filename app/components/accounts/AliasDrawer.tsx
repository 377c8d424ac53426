import type { SubmissionResult } from "@conform-to/react";
import { getFormProps } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";

import { aliasSchema } from "#core/domain/recipient-form";
import { buttonClass } from "~/components/ui/button";
import { Drawer } from "~/components/ui/Drawer";
import { ErrorList, Field } from "~/components/ui/Field";
import { SubmitButton } from "~/components/ui/SubmitButton";
import { useForm } from "~/components/ui/use-form";
import { useTranslation } from "~/i18n";

const constraint = getZodConstraint(aliasSchema);

export type AliasDrawerProps = {
  open: boolean;
  /** What is renamed: an account's id or a recipient's key. */
  id: string;
  currentAlias: string;
  closeHref: string;
  lastResult: SubmissionResult<string[]> | null;
  /** Whose texts (`alias.*` keys): the accounts' or the recipients' namespace. */
  namespace: "accounts" | "recipients";
  /**
   * Which account or recipient is renamed, by what the alias does not say (an account's number and
   * currency, a recipient's legal name, bank and account): the field already shows the alias.
   */
  subject: ReactNode;
};

/**
 * The alias edit of an account or a recipient (§5 Alias update): a drawer addressed by the URL
 * with one field, validated by the same schema on both sides. A rejected alias stays typed.
 */
export function AliasDrawer({ open, id, currentAlias, closeHref, lastResult, namespace, subject }: AliasDrawerProps) {
  const { t } = useTranslation(namespace);
  const texts = {
    title: t("alias.title"),
    label: t("alias.label"),
    save: t("alias.save"),
    saving: t("alias.saving"),
    cancel: t("alias.cancel"),
  };
  const [form, fields] = useForm({
    id: `alias-${id}`,
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: { alias: currentAlias },
    constraint,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: aliasSchema }),
  });

  return (
    <Drawer
      open={open}
      title={texts.title}
      subtitle={subject}
      closeHref={closeHref}
      footer={
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Link to={closeHref} preventScrollReset className={buttonClass("secondary")}>
            {texts.cancel}
          </Link>
          <SubmitButton form={form.id} name="intent" value="alias" pendingText={texts.saving}>
            {texts.save}
          </SubmitButton>
        </div>
      }
    >
      <Form method="post" {...getFormProps(form)} preventScrollReset className="flex flex-col gap-4">
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value="alias" />
        <input type="hidden" name="id" value={id} />
        <input type="hidden" name="currentAlias" value={currentAlias} />
        {/* Longer than the schema's limit, so a long alias is answered with its message instead of cut. */}
        <Field meta={fields.alias} label={texts.label} autoComplete="off" maxLength={80} />
        <ErrorList id={form.errorId} errors={form.errors} />
      </Form>
    </Drawer>
  );
}
