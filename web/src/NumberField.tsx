import { useState } from 'preact/hooks';

/**
 * A whole-number input: the text can be edited freely, and the number is checked, clamped to
 * [min, max] and reported when the field is left or Enter is pressed.
 *
 * While the user edits, the field shows the typed draft (a `value` changed elsewhere meanwhile shows
 * once the draft is committed); otherwise it shows `value`. There is no
 * effect copying `value` into the field: such an effect runs after paint and could overwrite what
 * was typed in between.
 */
export function NumberField({
  value,
  min,
  max,
  onCommit,
  testId,
}: {
  value: number;
  min: number;
  max: number;
  onCommit: (value: number) => void;
  testId?: string;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const commit = (typed: string) => {
    const parsed = Math.round(Number(typed));
    const next = Number.isFinite(parsed) && typed.trim() !== '' ? Math.max(min, Math.min(max, parsed)) : value;
    setDraft(null);
    if (next !== value) onCommit(next);
  };
  return (
    <input
      type="number"
      min={min}
      max={max}
      value={draft ?? String(value)}
      onInput={(event) => setDraft(event.currentTarget.value)}
      onChange={(event) => commit(event.currentTarget.value)}
      data-testid={testId}
    />
  );
}
