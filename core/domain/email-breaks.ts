/**
 * Where an e-mail address may break across lines: after the '@' and before each '.', so a narrow
 * column shows 'carlos.hernandez@' / 'importadorabajio.com.mx' rather than '….com.m' / 'x', which
 * reads like a typo. The parts joined give the address back unchanged.
 */
export function emailLineParts(email: string): string[] {
  return email.split(/(?<=@)|(?=\.)/).filter(Boolean);
}
