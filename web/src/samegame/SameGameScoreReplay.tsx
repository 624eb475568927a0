import { useEffect, useState } from 'preact/hooks';
import type { SameGameReplay } from '../../../src/samegame/rules/replay-log.ts';
import { fetchHighScores, fetchReplay, replayUrl } from '../api.ts';
import { sameGameScoreTable, sameGameTableAddress, whoPlayed } from '../score-tables.ts';
import { GameWatcher } from './GameWatcher.tsx';
import { movesOfReplay, type MovesToWatch } from './replay-moves.ts';
import { useStoredSameGameSettings } from './stored-settings.ts';

/** The replay of SameGame high score `id` watched again, with who played it and the way back to its table. */
export function SameGameScoreReplay({ id }: { id: number }) {
  const { shapes } = useStoredSameGameSettings();
  const [watched, setWatched] = useState<MovesToWatch | null>(null);
  const [table, setTable] = useState('#/scores');
  const [player, setPlayer] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    fetchReplay(replayUrl({ id }))
      .then((log) => {
        const moves = movesOfReplay(log);
        setWatched(moves);
        const { deal } = log as SameGameReplay;
        const colours = deal !== undefined && 'colours' in deal ? deal.colours : moves.board.colours;
        const scores = sameGameScoreTable(moves.rules, moves.board.width, moves.board.height, colours);
        setTable(sameGameTableAddress(scores));
        return fetchHighScores(scores).then((entries) => {
          const entry = entries.find((score) => score.id === id);
          if (entry !== undefined) setPlayer(whoPlayed(entry));
        });
      })
      .catch((failure: Error) => setError(failure.message));
  }, [id]);
  const back = (
    <a href={table} data-testid="sg-watch-table">
      Back to the high scores
    </a>
  );
  if (error !== null || watched === null) {
    return (
      <section class="page">
        <h2>SameGame high score {id}</h2>
        <p class={error ? 'error' : undefined}>{error ?? 'Loading…'}</p>
        {back}
      </section>
    );
  }
  return (
    <GameWatcher
      watched={watched}
      title={`SameGame high score ${id}${player === null ? '' : ` by ${player}`}`}
      back={back}
      shapes={shapes}
    />
  );
}
