import { useEffect, useState } from 'preact/hooks';
import { AveiroView } from './AveiroView.tsx';
import { BenchmarksView } from './BenchmarksView.tsx';
import { HighScoresView } from './HighScoresView.tsx';
import { TuningView } from './TuningView.tsx';
import { SameGameView } from './samegame/SameGameView.tsx';
import { DuelView } from './tetris/DuelView.tsx';
import { PlayView } from './tetris/PlayView.tsx';
import { ReplayView } from './tetris/ReplayView.tsx';

const PAGES = {
  play: { title: 'Play & watch', view: PlayView },
  duel: { title: 'Duel', view: DuelView },
  samegame: { title: 'SameGame', view: SameGameView },
  scores: { title: 'High scores', view: HighScoresView },
  bench: { title: 'Benchmarks', view: BenchmarksView },
  tuning: { title: 'Tuning', view: TuningView },
  aveiro: { title: 'Aveiro games', view: AveiroView },
} as const;
type Page = keyof typeof PAGES | 'replay';

/** A page of the app by its address: `#/NAME`, `#/tuning/ID` (a tuning run), or `#/replay/ID` (a stored game, opened from the High scores page). */
const pageOf = (hash: string): Page => {
  const name = hash.replace(/^#\/?/, '').split('/')[0];
  return name === 'replay' || name in PAGES ? (name as Page) : 'play';
};

/** The app shell: a header with the pages, routed by the URL's hash (#/play, #/duel, #/scores, #/bench). */
export function App() {
  const [hash, setHash] = useState(location.hash);
  useEffect(() => {
    const follow = () => setHash(location.hash);
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);
  const page = pageOf(hash);
  const View = page === 'replay' ? ReplayView : PAGES[page].view;
  return (
    <>
      <header class="top">
        <a class="brand" href="#/play">
          <span class="logo" aria-hidden="true" />
          Gridmind
        </a>
        <nav>
          {(Object.keys(PAGES) as (keyof typeof PAGES)[]).map((key) => (
            <a key={key} href={`#/${key}`} class={key === page ? 'active' : ''} data-testid={`nav-${key}`}>
              {PAGES[key].title}
            </a>
          ))}
        </nav>
      </header>
      <main>
        <View key={hash} />
      </main>
    </>
  );
}
