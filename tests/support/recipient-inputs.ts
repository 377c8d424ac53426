/** A valid national física recipient as the registration form posts it (SPEC §5). */
export const physicalNationalInput: Record<string, string> = {
  recipientType: "pfn",
  alias: "Fletes Ramírez",
  email: "jl@fletes.mx",
  phone: "5512345678",
  currency: "MXN",
  name: "José Luis",
  lastname1: "Ramírez",
  lastname2: "Ortega",
  rfc: "RAOJ800101AB1",
  clabe: "014180560032184793",
};
