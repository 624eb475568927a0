/** A slider over a list of steps (speeds, say): its label shows the chosen step's words, it reports the step's index. */
export function StepSlider({
  label,
  steps,
  value,
  onChange,
  testId,
}: {
  label: string;
  steps: number;
  value: number;
  onChange: (index: number) => void;
  testId: string;
}) {
  return (
    <label>
      {label}
      <input
        type="range"
        min={0}
        max={steps - 1}
        value={value}
        onInput={(event) => onChange(+event.currentTarget.value)}
        data-testid={testId}
      />
    </label>
  );
}
