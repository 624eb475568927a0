import { KEY_HELP } from './keyboard.ts';

/** The Tetris keys and what each does, as a table. */
export function KeyHelp() {
  return (
    <table class="keys" aria-label="Keyboard">
      <tbody>
        {KEY_HELP.map(([key, action]) => (
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
