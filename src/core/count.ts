/** A number and its noun, which is plural unless the number is 1: "1 worker", "1,200 games". */
export function count(n: number, noun: string, plural = `${noun}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? noun : plural}`;
}
