import { watchedSameGameScoreOf } from '../score-tables.ts';
import { SameGamePlay } from './SameGamePlay.tsx';
import { SameGameScoreReplay } from './SameGameScoreReplay.tsx';

/** The SameGame page: the game to play, or at `#/samegame/replay/ID` a saved high score watched again. */
export function SameGameView() {
  const watched = watchedSameGameScoreOf(location.hash);
  return watched === null ? <SameGamePlay /> : <SameGameScoreReplay id={watched} />;
}
