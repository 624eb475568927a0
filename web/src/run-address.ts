/** The run a page's address names, `#/PAGE/ID` (`#/tuning/3`, `#/bench/12`), or null when it names none. */
export function runInAddress(page: string, hash: string): number | null {
  const found = new RegExp(`^#/${page}/(\\d+)$`).exec(hash);
  return found ? Number(found[1]) : null;
}
