import { useEffect, useState } from 'preact/hooks';
import { MAX_COLOURS, MIN_COLOURS, SCORINGS, SHIFTS, type Scoring, type Shift } from '../../src/samegame/rules/options.ts';
import { gameConfigOf } from '../../src/tetris/game.ts';
import { DEFAULT_TARGET, MAX_GARBAGE_ROWS, MAX_PREVIEW } from '../../src/tetris/game-settings.ts';
import { DEALT_RANDOMIZERS } from '../../src/tetris/randomizers.ts';
import { ROTATION_SYSTEM_NAMES, type RotationSystemName } from '../../src/tetris/rotation/index.ts';
import { tetrisScoreTable } from '../../src/tetris/score-table.ts';
import { RULE_SET_NAMES, RULE_SETS, type RuleSetName } from '../../src/tetris/rules.ts';
import { AVEIRO_TABLE, fetchHighScores, type HighScore, type ScoreTable } from './api.ts';
import { NumberField } from './NumberField.tsx';
import { HighScoreTable } from './HighScoreTable.tsx';
import { NameSelect } from './NameSelect.tsx';
import { DEFAULT_SETTINGS } from './samegame/session.ts';
import { sameGameScoreTable, sameGameTableOf, sameGameWatchAddress } from './score-tables.ts';
import { useStoredState } from './stored-state.ts';

/** The games with high scores: Tetris and SameGame played in this app, and the Aveiro network game played over its protocol. */
type ScoreGame = 'tetris' | 'samegame' | 'aveiro';

/** The SameGame table shown first: the SameGame page's default board's. */
const DEFAULT_SAMEGAME_TABLE = sameGameScoreTable(
  DEFAULT_SETTINGS.rules,
  DEFAULT_SETTINGS.columns,
  DEFAULT_SETTINGS.rows,
  DEFAULT_SETTINGS.colours,
);

/**
 * A rule set's table with every other setting at its default, as a new game has it, and a target score
 * whatever the rules (the page keeps it when another rule set is chosen; `shownTable` drops it where the
 * rules have none).
 */
const defaultTetrisTable = (rules: RuleSetName): ScoreTable => ({ target: DEFAULT_TARGET, ...tetrisScoreTable(gameConfigOf({ rules })) });

/** The table a choice of settings names: the target only under rules with one. */
function shownTable({ target, ...table }: ScoreTable): ScoreTable {
  return RULE_SETS[table.rules as RuleSetName]?.hasTarget ? { ...table, target } : table;
}

/** Every setting that keys a Tetris table: rules, board, rotation, dealing, preview, challenge rows and target. */
function TetrisTableFilters({ table, onChange }: { table: ScoreTable; onChange: (table: ScoreTable) => void }) {
  return (
    <>
      <label>
        Rules
        <select
          value={table.rules}
          onChange={(event) => onChange(defaultTetrisTable(event.currentTarget.value as RuleSetName))}
          data-testid="scores-rules"
        >
          {RULE_SET_NAMES.map((name) => (
            <option key={name}>{name}</option>
          ))}
        </select>
      </label>
      <label>
        Board
        <input
          defaultValue={table.board}
          key={table.rules}
          onChange={(event) => onChange({ ...table, board: event.currentTarget.value.trim() })}
          pattern="\d+x\d+"
          size={6}
          data-testid="scores-board"
        />
      </label>
      <label>
        Rotation
        <NameSelect
          value={table.rotation as RotationSystemName}
          names={ROTATION_SYSTEM_NAMES}
          onChange={(rotation) => onChange({ ...table, rotation })}
          testId="scores-rotation"
        />
      </label>
      <label>
        Dealing
        <NameSelect
          value={table.dealing!}
          names={DEALT_RANDOMIZERS}
          onChange={(dealing) => onChange({ ...table, dealing })}
          testId="scores-dealing"
        />
      </label>
      <label>
        Preview
        <NumberField
          value={table.preview!}
          min={0}
          max={MAX_PREVIEW}
          onCommit={(preview) => onChange({ ...table, preview })}
          testId="scores-preview"
        />
      </label>
      <label>
        Challenge rows
        <NumberField
          value={table.rows!}
          min={0}
          max={MAX_GARBAGE_ROWS}
          onCommit={(rows) => onChange({ ...table, rows })}
          testId="scores-rows"
        />
      </label>
      {RULE_SETS[table.rules as RuleSetName]?.hasTarget && (
        <label>
          Target score
          <NumberField
            value={table.target!}
            min={1}
            max={Number.MAX_SAFE_INTEGER}
            onCommit={(target) => onChange({ ...table, target })}
            testId="scores-target"
          />
        </label>
      )}
    </>
  );
}

/** Scoring, column shift, board and colours of a SameGame table. */
function SameGameTableFilters({ table, onChange }: { table: ScoreTable; onChange: (table: ScoreTable) => void }) {
  const [scoring, shift] = table.rules.split('/') as [Scoring, Shift];
  return (
    <>
      <label>
        Scoring
        <NameSelect
          value={scoring}
          names={SCORINGS}
          onChange={(chosen) => onChange({ ...table, rules: `${chosen}/${shift}` })}
          testId="scores-sg-scoring"
        />
      </label>
      <label>
        Columns close to
        <NameSelect
          value={shift}
          names={SHIFTS}
          onChange={(chosen) => onChange({ ...table, rules: `${scoring}/${chosen}` })}
          testId="scores-sg-shift"
        />
      </label>
      <label>
        Board
        <input
          defaultValue={table.board}
          onChange={(event) => onChange({ ...table, board: event.currentTarget.value.trim() })}
          pattern="\d+x\d+"
          size={6}
          data-testid="scores-sg-board"
        />
      </label>
      <label>
        Colours
        <NumberField
          value={table.colours ?? DEFAULT_SAMEGAME_TABLE.colours!}
          min={MIN_COLOURS}
          max={MAX_COLOURS}
          onCommit={(colours) => onChange({ ...table, colours })}
          testId="scores-sg-colours"
        />
      </label>
    </>
  );
}

/**
 * High scores for any rule set, board size and target of Tetris, for any rules, board size and colours
 * of SameGame (`#/scores/samegame/…` opens one: score-tables.ts), and of the Aveiro network game.
 */
export function HighScoresView() {
  const addressed = sameGameTableOf(location.hash);
  const [game, setGame] = useState<ScoreGame>(addressed === null ? 'tetris' : 'samegame');
  const [tetrisTable, setTetrisTable] = useStoredState('scores-tetris-table', defaultTetrisTable('classic'));
  const [storedSameGameTable, setSameGameTable] = useStoredState('scores-samegame-table', DEFAULT_SAMEGAME_TABLE);
  const sameGameTable = addressed ?? storedSameGameTable;
  const chooseSameGameTable = (chosen: ScoreTable) => {
    setSameGameTable(chosen);
    if (addressed !== null) history.replaceState(null, '', '#/scores'); // the address no longer names the table shown
  };
  const table = game === 'tetris' ? shownTable(tetrisTable) : game === 'samegame' ? sameGameTable : AVEIRO_TABLE;
  const [entries, setEntries] = useState<HighScore[] | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    setEntries(null);
    fetchHighScores(table)
      .then((found) => {
        setEntries(found);
        setError('');
      })
      .catch((failure: Error) => setError(failure.message));
  }, [JSON.stringify(table)]);
  const [unrecorded, setUnrecorded] = useState<HighScore[]>([]);
  useEffect(() => {
    setUnrecorded([]);
    if (game !== 'aveiro') void fetchHighScores({ game, rules: table.rules, board: table.board, unrecorded: true }).then(setUnrecorded);
  }, [game, table.rules, table.board]);
  const hasTarget = typeof table.target === 'number';
  return (
    <section class="page high-scores">
      <h2>High scores</h2>
      <div class="row filters">
        <label>
          Game
          <select value={game} onChange={(event) => setGame(event.currentTarget.value as ScoreGame)} data-testid="scores-game">
            <option value="tetris">Tetris in this app</option>
            <option value="samegame">SameGame in this app</option>
            <option value="aveiro">Aveiro network game</option>
          </select>
        </label>
        {game === 'tetris' && <TetrisTableFilters table={tetrisTable} onChange={setTetrisTable} />}
        {game === 'samegame' && <SameGameTableFilters table={sameGameTable} onChange={chooseSameGameTable} />}
      </div>
      {hasTarget && (
        <p class="hint">
          One table per target score. A game that scored past {table.target.toLocaleString('en-US')} failed, and ranks below every game that
          did not pass it.
        </p>
      )}
      {game === 'aveiro' && (
        <p class="hint">
          Games played over the Aveiro protocol at <code>/player</code> on this server (for example by <code>npx gridmind client</code>), on
          its {AVEIRO_TABLE.board.replace('x', '×')} board.
        </p>
      )}
      {game === 'tetris' && (
        <p class="hint">
          One table per set of settings above, each game stored once. A game counts as a person's only if its keys came at a person's pace;
          pieces placed faster are shown as an agent's (<a href="#/help/high-scores">how scores are judged</a>).
        </p>
      )}
      {game === 'samegame' && (
        <p class="hint">
          Games finished on the SameGame page and saved from its result box: one table per scoring rule, column shift, board size and number
          of colours. Moves by the AI's full solution are credited to it.
        </p>
      )}
      {error ? (
        <p class="error">{error}</p>
      ) : entries ? (
        game === 'samegame' ? (
          <HighScoreTable entries={entries} counted="moves" watchAddress={sameGameWatchAddress} />
        ) : (
          <HighScoreTable entries={entries} />
        )
      ) : (
        <p>Loading…</p>
      )}
      {unrecorded.length > 0 && (
        <>
          <h3>Settings not recorded</h3>
          <p class="hint">
            Games of these rules on this board saved before Gridmind kept the settings that now split the tables (
            {game === 'samegame' ? 'the colours' : 'rotation, dealing, preview, challenge rows, target'}).
          </p>
          <HighScoreTable entries={unrecorded} testId="scores-unrecorded" counted={game === 'samegame' ? 'moves' : 'lines'} />
        </>
      )}
    </section>
  );
}
