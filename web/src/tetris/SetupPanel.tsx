import { useEffect, useRef, useState } from 'preact/hooks';
import { MAX_HEIGHT, MAX_WIDTH, MIN_HEIGHT, MIN_WIDTH } from '../../../src/tetris/board.ts';
import { MAX_GARBAGE_ROWS } from '../../../src/tetris/game-settings.ts';
import { ROTATION_SYSTEM_NAMES } from '../../../src/tetris/rotation/index.ts';
import { RULE_SET_NAMES, RULE_SETS, type RuleSetName } from '../../../src/tetris/rules.ts';
import { AGENT_IN_PLAIN_WORDS } from '../agent-words.ts';
import { AGENTS, CODE_AGENT } from '../agents.ts';
import { useDialogFocus } from '../dialog-focus.ts';
import { useCodeAgents } from '../hooks.ts';
import { NameSelect } from '../NameSelect.tsx';
import { NumberField } from '../NumberField.tsx';
import { HUMAN, type SessionSetup } from './session.ts';

const randomSeed = () => Math.floor(Math.random() * 1_000_000);
/** Challenge rows leave at least 4 free rows for the pieces. */
const maxGarbage = (height: number) => Math.min(MAX_GARBAGE_ROWS, height - 4);

/** The player choice: the human, or any agent (with its description as a hint when `described`). */
export function PlayerSelect({
  value,
  onChange,
  label,
  humanAllowed = true,
  described = false,
}: {
  value: string;
  onChange: (player: string) => void;
  label: string;
  humanAllowed?: boolean;
  /** Whether the chosen player is described in plain words under the choice. */
  described?: boolean;
}) {
  const codeAgents = useCodeAgents();
  const chosen = AGENTS.find((agent) => agent.name === value);
  return (
    <>
      <label>
        {label}
        <select
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          data-testid={`player-${label.toLowerCase().replace(/\W+/g, '-')}`}
        >
          {humanAllowed && <option value={HUMAN}>Human</option>}
          {AGENTS.map((agent) => (
            <option key={agent.name} value={agent.name} title={agent.description}>
              AI: {agent.name}
            </option>
          ))}
          {codeAgents.map((agent) => (
            <option key={`code ${agent.name}`} value={`${CODE_AGENT}${agent.name}`} title={`an agent in code: ${agent.file}`}>
              AI: {agent.name} (code)
            </option>
          ))}
        </select>
      </label>
      {described && (
        <p class="hint" data-testid="player-summary">
          {chosen
            ? (AGENT_IN_PLAIN_WORDS[chosen.name] ?? chosen.description)
            : value === HUMAN
              ? 'You play: the keys are listed beside the board.'
              : 'An agent written as a program, which the server plays.'}
        </p>
      )}
    </>
  );
}

/** The rule, board and seed fields shared by the play and duel set-ups. */
export function GameFields({ setup, onChange }: { setup: SessionSetup; onChange: (setup: SessionSetup) => void }) {
  const set = (changes: Partial<SessionSetup>) => onChange({ ...setup, ...changes });
  const chooseRules = (rules: RuleSetName) =>
    set({ rules, width: RULE_SETS[rules].width, height: RULE_SETS[rules].height, rotation: RULE_SETS[rules].rotation });
  return (
    <>
      <label>
        Rules
        <select value={setup.rules} onChange={(event) => chooseRules(event.currentTarget.value as RuleSetName)} data-testid="rules">
          {RULE_SET_NAMES.map((name) => (
            <option key={name} value={name} title={RULE_SETS[name].summary}>
              {name}
            </option>
          ))}
        </select>
      </label>
      <p class="hint">{RULE_SETS[setup.rules].summary}</p>
      <div class="row">
        <label>
          Width
          <NumberField value={setup.width} min={MIN_WIDTH} max={MAX_WIDTH} onCommit={(width) => set({ width })} testId="width" />
        </label>
        <label>
          Height
          <NumberField
            value={setup.height}
            min={MIN_HEIGHT}
            max={MAX_HEIGHT}
            onCommit={(height) => set({ height, garbageRows: Math.min(setup.garbageRows, maxGarbage(height)) })}
            testId="height"
          />
        </label>
      </div>
      <label>
        Rotation
        <NameSelect value={setup.rotation} names={ROTATION_SYSTEM_NAMES} onChange={(rotation) => set({ rotation })} testId="rotation" />
      </label>
      <div class="row">
        <label>
          Challenge rows
          <NumberField
            value={setup.garbageRows}
            min={0}
            max={maxGarbage(setup.height)}
            onCommit={(garbageRows) => set({ garbageRows })}
            testId="garbage"
          />
        </label>
        <label>
          Seed
          <span class="with-button">
            <NumberField value={setup.seed} min={0} max={Number.MAX_SAFE_INTEGER} onCommit={(seed) => set({ seed })} testId="seed" />
            <button type="button" class="small secondary" onClick={() => set({ seed: randomSeed() })} title="a random seed">
              Random
            </button>
          </span>
        </label>
      </div>
      {RULE_SETS[setup.rules].hasTarget && (
        <label>
          Target score
          <NumberField value={setup.target} min={1} max={1_000_000} onCommit={(target) => set({ target })} testId="target" />
        </label>
      )}
    </>
  );
}

/** The set-up of a game: player, rules, board, rotation, challenge rows, seed, target; Start, and Cancel when `onCancel`. */
export function SetupForm({
  setup,
  onChange,
  onStart,
  onCancel,
  title,
}: {
  setup: SessionSetup;
  onChange: (setup: SessionSetup) => void;
  onStart: (setup: SessionSetup) => void;
  onCancel?: () => void;
  title: string;
}) {
  return (
    <form
      class="panel setup"
      onSubmit={(event) => {
        event.preventDefault();
        onStart(setup);
      }}
    >
      <h2>{title}</h2>
      <PlayerSelect label="Player" value={setup.player} onChange={(player) => onChange({ ...setup, player })} described />
      <GameFields setup={setup} onChange={onChange} />
      <div class="actions">
        {onCancel && (
          <button type="button" class="secondary" onClick={onCancel}>
            Cancel
          </button>
        )}
        <button type="submit" data-testid="start">
          Start
        </button>
      </div>
    </form>
  );
}

/** The set-up over the game, on R: a modal dialog whose Start has the focus, so that R then Enter starts a game. */
export function SetupPanel({
  initial,
  onStart,
  onCancel,
}: {
  initial: SessionSetup;
  onStart: (setup: SessionSetup) => void;
  onCancel: () => void;
}) {
  const [setup, setSetup] = useState(initial);
  const dialog = useRef<HTMLDivElement>(null);
  useDialogFocus(dialog, onCancel);
  useEffect(() => dialog.current?.querySelector<HTMLButtonElement>('[data-testid=start]')?.focus(), []);
  return (
    <div class="overlay" role="dialog" aria-modal="true" aria-label="New game" ref={dialog}>
      <SetupForm setup={setup} onChange={setSetup} onStart={onStart} onCancel={onCancel} title="New game" />
    </div>
  );
}
