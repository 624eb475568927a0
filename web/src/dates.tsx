import { formatDate } from '../../src/core/dates.ts';

/** A stored date as {@link formatDate} writes it; a narrow column breaks it between the day and the time only. */
export function DateText({ iso }: { iso: string }) {
  const [day, time] = formatDate(iso).split(' ');
  return (
    <time dateTime={iso} class="date">
      <span>{day}</span> <span>{time}</span>
    </time>
  );
}
