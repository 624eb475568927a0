/** A figure for people: one decimal at most, "n/a" where it is unknown (null or NaN, as the standard error of one game). */
export function figure(value: number | null): string {
  return value === null || Number.isNaN(value) ? 'n/a' : value.toLocaleString('en-US', { maximumFractionDigits: 1 });
}
