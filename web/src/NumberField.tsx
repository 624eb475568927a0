import { useEffect, useState } from 'preact/hooks';

/**
 * A whole-number input: the text can be edited freely, and the number is checked, clamped to
 * [min, max] and reported when the field is left or Enter is pressed.
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
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  const commit = (typed: string) => {
    const parsed = Math.round(Number(typed));
    const next = Number.isFinite(parsed) && typed.trim() !== '' ? Math.max(min, Math.min(max, parsed)) : value;
    setText(String(next));
    if (next !== value) onCommit(next);
  };
  return (
    <input
      type="number"
      min={min}
      max={max}
      value={text}
      onInput={(event) => setText(event.currentTarget.value)}
      onChange={(event) => commit(event.currentTarget.value)}
      data-testid={testId}
    />
  );
}
