/** Bit counting for board rows (at most 16 columns, so 16-bit lookups suffice). */

/** POPCOUNT[v]: the number of set bits of a 16-bit value. */
export const POPCOUNT = new Uint8Array(1 << 16);
for (let v = 1; v < POPCOUNT.length; v++) POPCOUNT[v] = (v & 1) + POPCOUNT[v >>> 1];

/** Index of the lowest set bit of a non-zero value. */
export function lowestBit(value: number): number {
  return 31 - Math.clz32(value & -value);
}
