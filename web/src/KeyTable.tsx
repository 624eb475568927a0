/** Keys and what each does, as a table (`label` names it for screen readers). */
export function KeyTable({ keys, label }: { keys: readonly (readonly [string, string])[]; label: string }) {
  return (
    <table class="keys" aria-label={label}>
      <tbody>
        {keys.map(([key, action]) => (
          <tr key={key}>
            <th>
              <kbd>{key}</kbd>
            </th>
            <td>{action}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
