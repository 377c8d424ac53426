import type { FieldMeta } from "./field-parts";
import { fieldAria, FieldErrors, FieldHead } from "./field-parts";

export type FileFieldProps = {
  /** Conform's `fields.x`. A file is never sent back, so there is no value to keep. */
  meta: FieldMeta;
  label: string;
  description?: string;
  /** Extensions and media types the picker offers. */
  accept: string;
  /** The page is about this field (a file to load again): focus starts here, with JS or without. */
  autoFocus?: boolean;
};

/**
 * A labelled file picker. Its errors are an alert: they arrive after the upload's round trip,
 * not while the person is on the field.
 */
export function FileField({ meta, label, description, accept, autoFocus }: FileFieldProps) {
  const { errors, errorId, descriptionId, ariaInvalid, describedBy } = fieldAria(meta, Boolean(description));
  return (
    <div>
      <FieldHead htmlFor={meta.id} label={label} description={description} descriptionId={descriptionId} />
      <input
        type="file"
        id={meta.id}
        name={meta.name}
        accept={accept}
        required={meta.required || undefined}
        multiple={meta.multiple || undefined}
        aria-invalid={ariaInvalid}
        aria-describedby={describedBy}
        autoFocus={autoFocus}
        className="mt-2 block w-full text-sm file:mr-4 file:rounded-full file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:font-semibold file:text-brand-700"
      />
      <FieldErrors id={errorId} errors={errors} alert />
    </div>
  );
}
