import { readingGroups } from "#core/domain/account-number";

/**
 * A full account number shown in groups of four for reading, with the gaps drawn as margins rather
 * than typed as spaces: selecting it by hand (no JavaScript) copies the raw digits a bank form
 * accepts, the same value 'Copiar' writes.
 */
export function GroupedNumber({ value, className = "" }: { value: string; className?: string }) {
  return (
    <span className={`select-all whitespace-nowrap font-mono tabular-nums ${className}`}>
      {readingGroups(value).map((group, index) => (
        <span key={index} className="mr-[0.5ch] inline-block last:mr-0">
          {group}
        </span>
      ))}
    </span>
  );
}
