/**
 * CLABE (Clave Bancaria Estandarizada, SPEC §5 Recipient form): 18 digits — 3 of the bank,
 * 3 of the plaza, 11 of the account and a check digit (Banxico's weights 3, 7, 1, modulo 10).
 * The bank is read from the first 3 digits with the Mexican bank list of §9.
 */
const WEIGHTS = [3, 7, 1] as const;

/**
 * Banxico participant codes (the first 3 digits of a CLABE) and the names people know them by.
 * §9 names "a Mexican bank list with CLABE codes" without its contents; this is the SPEI list.
 */
export const MEXICAN_BANKS: Readonly<Record<string, string>> = {
  "002": "Banamex",
  "006": "Bancomext",
  "009": "Banobras",
  "012": "BBVA México",
  "014": "Santander",
  "019": "Banjército",
  "021": "HSBC",
  "030": "Banco del Bajío",
  "036": "Inbursa",
  "042": "Mifel",
  "044": "Scotiabank",
  "058": "Banregio",
  "059": "Invex",
  "060": "Bansi",
  "062": "Afirme",
  "072": "Banorte",
  "106": "Bank of America México",
  "108": "MUFG Bank México",
  "110": "J.P. Morgan México",
  "112": "Banco Monex",
  "113": "Ve por Más",
  "127": "Banco Azteca",
  "128": "Autofin",
  "129": "Barclays México",
  "130": "Compartamos",
  "132": "Multiva",
  "133": "Actinver",
  "135": "Nacional Financiera",
  "136": "Intercam Banco",
  "137": "BanCoppel",
  "138": "ABC Capital",
  "140": "Consubanco",
  "141": "Volkswagen Bank",
  "143": "CIBanco",
  "145": "Banco Base",
  "147": "Bankaool",
  "148": "PagaTodo",
  "150": "Inmobiliario Mexicano",
  "151": "Donde",
  "152": "Bancrea",
  "154": "Banco Covalto",
  "155": "ICBC México",
  "156": "Sabadell",
  "157": "Shinhan",
  "158": "Mizuho Bank",
  "160": "Banco S3",
  "166": "Banco del Bienestar",
  "167": "Hey Banco",
  "168": "Hipotecaria Federal",
  "638": "Nu México",
  "646": "STP",
  "699": "Fondeadora",
  "722": "Mercado Pago",
};

/** The check digit of the first 17 digits, or null when they are not 17 digits. */
export function clabeCheckDigit(first17: string): number | null {
  if (!/^\d{17}$/.test(first17)) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += (Number(first17[i]) * WEIGHTS[i % 3]) % 10;
  return (10 - (sum % 10)) % 10;
}

export type ClabeProblem = "format" | "checkDigit" | "unknownBank";

/** Why a CLABE is not acceptable, or null when it is: 18 digits, right check digit, known bank. */
export function clabeProblem(clabe: string): ClabeProblem | null {
  if (!/^\d{18}$/.test(clabe)) return "format";
  if (clabeCheckDigit(clabe.slice(0, 17)) !== Number(clabe[17])) return "checkDigit";
  if (!MEXICAN_BANKS[clabe.slice(0, 3)]) return "unknownBank";
  return null;
}

export function isValidClabe(clabe: string): boolean {
  return clabeProblem(clabe) === null;
}

/** The bank a CLABE belongs to (from its first 3 digits), or null for an unknown code. */
export function bankOfClabe(clabe: string): { code: string; name: string } | null {
  const code = clabe.trim().slice(0, 3);
  if (!/^\d{3}$/.test(code)) return null;
  const name = MEXICAN_BANKS[code];
  return name ? { code, name } : null;
}
