/** The command line with its budgets cut (short-budgets.mjs). */
export function withShortBudgets(args: readonly string[]): string[];
