import { useEffect, useState } from 'preact/hooks';
import { MAX_COLOURS, MIN_COLOURS, SCORINGS, SHIFTS, type Scoring, type Shift } from '../../src/samegame/rules.ts';
import { DEFAULT_TARGET } from '../../src/tetris/game.ts';
import { RULE_SET_NAMES, RULE_SETS, type RuleSetName } from '../../src/tetris/rules.ts';
import { AVEIRO_TABLE, fetchHighScores, type HighScore, type ScoreTable } from './api.ts';
import { NumberField } from './NumberField.tsx';
import { HighScoreTable } from './HighScoreTable.tsx';
import { NameSelect } from './NameSelect.tsx';
import { DEFAULT_SETTINGS } from './samegame/session.ts';
import { sameGameScoreTable, sameGameTableOf, sameGameWatchAddress, tetrisScoreTable } from './score-tables.ts';
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

/** A rule set's table on its default board (and the default target). */
const defaultTetrisTable = (rules: RuleSetName): ScoreTable =>
  tetrisScoreTable(rules, `${RULE_SETS[rules].width}x${RULE_SETS[rules].height}`, DEFAULT_TARGET);

/** Rules, board and target of a Tetris table. */
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
      {typeof table.target === 'number' && (
        <label>
          Target score
          <NumberField
            value={table.target}
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
  const [tetrisTable, setTetrisTable] = useState<ScoreTable>(defaultTetrisTable('classic'));
  const [storedSameGameTable, setSameGameTable] = useStoredState('scores-samegame-table', DEFAULT_SAMEGAME_TABLE);
  const sameGameTable = addressed ?? storedSameGameTable;
  const chooseSameGameTable = (chosen: ScoreTable) => {
    setSameGameTable(chosen);
    if (addressed !== null) history.replaceState(null, '', '#/scores'); // the address no longer names the table shown
  };
  const table = game === 'tetris' ? tetrisTable : game === 'samegame' ? sameGameTable : AVEIRO_TABLE;
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
  }, [table.game, table.rules, table.board, table.target, table.colours]);
  const hasTarget = typeof table.target === 'number';
  const [unrecorded, setUnrecorded] = useState<HighScore[]>([]);
  useEffect(() => {
    setUnrecorded([]);
    if (hasTarget) void fetchHighScores({ ...table, target: null }).then(setUnrecorded);
  }, [table.game, table.rules, table.board, hasTarget]);
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
          <h3>Target not recorded</h3>
          <p class="hint">Games saved under these rules before Gridmind kept each game's target score.</p>
          <HighScoreTable entries={unrecorded} testId="scores-unrecorded" />
        </>
      )}
    </section>
  );
}
