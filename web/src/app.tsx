import { useEffect, useState } from 'preact/hooks';
import { AveiroView } from './AveiroView.tsx';
import { BenchmarksView } from './BenchmarksView.tsx';
import { HighScoresView } from './HighScoresView.tsx';
import { SameGameView } from './samegame/SameGameView.tsx';
import { DuelView } from './tetris/DuelView.tsx';
import { PlayView } from './tetris/PlayView.tsx';

const PAGES = {
  play: { title: 'Play & watch', view: PlayView },
  duel: { title: 'Duel', view: DuelView },
  samegame: { title: 'SameGame', view: SameGameView },
  scores: { title: 'High scores', view: HighScoresView },
  bench: { title: 'Benchmarks', view: BenchmarksView },
  aveiro: { title: 'Aveiro games', view: AveiroView },
} as const;
type Page = keyof typeof PAGES;

const pageOf = (hash: string): Page => ((hash.replace(/^#\/?/, '') as Page) in PAGES ? (hash.replace(/^#\/?/, '') as Page) : 'play');

/** The app shell: a header with the pages, routed by the URL's hash (#/play, #/duel, #/scores, #/bench). */
export function App() {
  const [page, setPage] = useState<Page>(pageOf(location.hash));
  useEffect(() => {
    const follow = () => setPage(pageOf(location.hash));
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);
  const View = PAGES[page].view;
  return (
    <>
      <header class="top">
        <a class="brand" href="#/play">
          <span class="logo" aria-hidden="true" />
          Gridmind
        </a>
        <nav>
          {(Object.keys(PAGES) as Page[]).map((key) => (
            <a key={key} href={`#/${key}`} class={key === page ? 'active' : ''} data-testid={`nav-${key}`}>
              {PAGES[key].title}
            </a>
          ))}
        </nav>
      </header>
      <main>
        <View key={page} />
      </main>
    </>
  );
}
