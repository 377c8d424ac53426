import messages from "../locales/es-MX/validation.json";

/**
 * The validation message templates of SPEC §5. The texts live in the es-MX resources; schemas on
 * both sides of the wire build their messages here so server and browser say the same thing.
 */
function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key] ?? ""));
}

export const msg = {
  required: messages.required,
  requiredAlt: messages.requiredAlt,
  termsRequired: messages.termsRequired,
  invalidOption: messages.invalidOption,
  conceptMax: messages.conceptMax,
  conceptRequired: messages.conceptRequired,
  invalidAmount: messages.invalidAmount,
  amountDecimals: messages.amountDecimals,
  invalid: (field: string, gender: "m" | "f" = "m") =>
    fill(gender === "m" ? messages.invalidMasculine : messages.invalidFeminine, { field }),
  fileFormat: (files: string) => fill(messages.fileFormat, { files }),
  fileSize: (size: string) => fill(messages.fileSize, { size }),
  min: (number: number) => fill(messages.min, { number }),
  max: (number: number) => fill(messages.max, { number }),
};
