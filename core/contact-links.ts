import type { ContactChannel } from "./domain/contact";
import { withoutParams, withParams } from "./url";

/**
 * Addresses of the contact drawers (SPEC §2 contact drawer modes; decision 059), over any page:
 * `?drawer=correo` and `?drawer=whatsapp` are the input modes (email, whatsApp), with `&modo=editar`
 * after 'Editar' (update mode); `&paso=enviado` is 'Mensaje de confirmación enviado' (sendEmail,
 * sendWhatsApp). Closing goes back to the settings drawer's 'Datos de usuario'.
 */
export const CONTACT_DRAWER: Record<ContactChannel, string> = { email: "correo", whatsapp: "whatsapp" };
const CONTACT_PARAMS = ["drawer", "tab", "paso", "modo"];

export const contactLinks = {
  /** The page under the drawers. */
  base: (href: string) => withoutParams(href, CONTACT_PARAMS),
  settings: (base: string) => withParams(base, { drawer: "configuracion", tab: "datos" }),
  input: (base: string, channel: ContactChannel, update = false) =>
    withParams(base, update ? { drawer: CONTACT_DRAWER[channel], modo: "editar" } : { drawer: CONTACT_DRAWER[channel] }),
  sent: (base: string, channel: ContactChannel) => withParams(base, { drawer: CONTACT_DRAWER[channel], paso: "enviado" }),
};
