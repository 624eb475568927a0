import type { Ref } from 'preact';
import { MAX_COLOURS, MAX_SIDE, MIN_COLOURS, SCORINGS, SHIFTS, type SameGameRules } from '../../../src/samegame/rules/options.ts';
import { SEARCH_METHODS } from '../../../src/search/index.ts';
import { NameSelect } from '../NameSelect.tsx';
import { NumberField } from '../NumberField.tsx';
import { MethodSettingsFields } from './MethodSettingsFields.tsx';
import type { SameGameSettings } from './session.ts';

/**
 * The SameGame page's settings: the board a new game gets (size, colours, seed, rules), how cells are
 * drawn (shapes on the colours or not) and the AI's (search method, the settings that method takes,
 * time and node budgets, replay speed).
 */
export function SettingsPanel({
  settings,
  thinking,
  shapes,
  onShapes,
  newBoardRef,
  onChange,
  onNewBoard,
}: {
  settings: SameGameSettings;
  /** Whether the AI is searching: the method's settings and a new board wait. */
  thinking: boolean;
  shapes: boolean;
  onShapes: (shapes: boolean) => void;
  /** The New board button, for the page to give it the focus (key R). */
  newBoardRef: Ref<HTMLButtonElement>;
  onChange: (changes: Partial<SameGameSettings>) => void;
  onNewBoard: () => void;
}) {
  const setRules = (changes: Partial<SameGameRules>) => onChange({ rules: { ...settings.rules, ...changes } });
  return (
    <aside class="side settings">
      <h2>Board</h2>
      <div class="row">
        <label>
          Columns
          <NumberField value={settings.columns} min={2} max={MAX_SIDE} onCommit={(columns) => onChange({ columns })} testId="sg-columns" />
        </label>
        <label>
          Rows
          <NumberField value={settings.rows} min={2} max={MAX_SIDE} onCommit={(rows) => onChange({ rows })} testId="sg-rows" />
        </label>
      </div>
      <div class="row">
        <label>
          Colours
          <NumberField
            value={settings.colours}
            min={MIN_COLOURS}
            max={MAX_COLOURS}
            onCommit={(colours) => onChange({ colours })}
            testId="sg-colours"
          />
        </label>
        <label>
          Seed
          <NumberField
            value={settings.seed}
            min={0}
            max={Number.MAX_SAFE_INTEGER}
            onCommit={(seed) => onChange({ seed })}
            testId="sg-seed"
          />
        </label>
      </div>
      <div class="row">
        <label>
          Scoring
          <NameSelect value={settings.rules.scoring} names={SCORINGS} onChange={(scoring) => setRules({ scoring })} testId="sg-scoring" />
        </label>
        <label>
          Columns close to
          <NameSelect value={settings.rules.shift} names={SHIFTS} onChange={(shift) => setRules({ shift })} testId="sg-shift" />
        </label>
      </div>
      <label class="switch">
        <input type="checkbox" checked={shapes} onChange={(event) => onShapes(event.currentTarget.checked)} data-testid="sg-shapes" />
        Shapes on the colours
      </label>
      <button type="button" ref={newBoardRef} disabled={thinking} onClick={onNewBoard} data-testid="sg-new">
        New board
      </button>
      <h2>AI level</h2>
      <div class="row">
        <label>
          Method
          <NameSelect value={settings.method} names={SEARCH_METHODS} onChange={(method) => onChange({ method })} testId="sg-method" />
        </label>
      </div>
      <MethodSettingsFields
        method={settings.method}
        values={settings.methodSettings}
        disabled={thinking}
        onChange={(methodSettings) => onChange({ methodSettings })}
      />
      <div class="row">
        <label>
          Seconds per request
          <NumberField value={settings.seconds} min={1} max={120} onCommit={(seconds) => onChange({ seconds })} testId="sg-seconds" />
        </label>
        <label>
          Node limit (0: none)
          <NumberField value={settings.maxNodes} min={0} max={1_000_000_000} onCommit={(maxNodes) => onChange({ maxNodes })} />
        </label>
      </div>
      <label>
        Replay interval (ms)
        <NumberField value={settings.interval} min={10} max={5000} onCommit={(interval) => onChange({ interval })} testId="sg-interval" />
      </label>
    </aside>
  );
}
