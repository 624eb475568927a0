const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * Gridmind's one way to show a stored ISO date and time, in the web app and on the command line:
 * year-month-day, then the 24-hour time to the minute, in the reader's time zone, e.g.
 * "2026-11-24 14:05". Largest unit first reads the same in every country (no day/month swap), sorts as
 * text, and needs no AM/PM.
 */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return (
    `${date.getFullYear()}-${twoDigits(date.getMonth() + 1)}-${twoDigits(date.getDate())} ` +
    `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`
  );
}
