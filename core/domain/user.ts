/** How a person's name is shown (SPEC §3 User): first name plus the first letter of the surname and a dot. */
export function shortName(name: string, firstLastName: string): string {
  const first = name.trim().split(/\s+/)[0] ?? "";
  const initial = firstLastName.trim().charAt(0).toUpperCase();
  return initial ? `${first} ${initial}.` : first;
}

export function initials(name: string, firstLastName: string): string {
  return `${name.trim().charAt(0)}${firstLastName.trim().charAt(0)}`.toUpperCase();
}

export function fullName(parts: { name: string; firstLastName: string; secondLastName?: string }): string {
  return [parts.name, parts.firstLastName, parts.secondLastName].filter((p) => p && p.trim()).join(" ");
}
