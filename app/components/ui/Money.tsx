import { formatMoney } from "#core/money";

export type MoneyProps = {
  amount: number;
  currency: string;
  className?: string;
};

/** An amount as the bank writes it ("$1,234,567.89 MXN"), never broken across lines. */
export function Money({ amount, currency, className }: MoneyProps) {
  return <span className={["whitespace-nowrap tabular-nums", className].filter(Boolean).join(" ")}>{formatMoney(amount, currency)}</span>;
}
