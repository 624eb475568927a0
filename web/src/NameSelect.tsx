/** A select among names, each option showing its name; `onChange` gets the name chosen, typed as the names are. */
export function NameSelect<Name extends string>({
  value,
  names,
  onChange,
  testId,
}: {
  value: Name;
  names: readonly Name[];
  onChange: (name: Name) => void;
  testId?: string;
}) {
  return (
    <select value={value} onChange={(event) => onChange(event.currentTarget.value as Name)} data-testid={testId}>
      {names.map((name) => (
        <option key={name}>{name}</option>
      ))}
    </select>
  );
}
