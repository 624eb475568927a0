import { useEffect, useRef, useState } from 'preact/hooks';
import type { ComponentType } from 'preact';
import { AveiroView } from './AveiroView.tsx';
import { BenchmarksView } from './BenchmarksView.tsx';
import { HelpView } from './HelpView.tsx';
import { HighScoresView } from './HighScoresView.tsx';
import { PAGE_GUIDE, type PageName } from './page-guide.ts';
import { TuningView } from './TuningView.tsx';
import { SameGameView } from './samegame/SameGameView.tsx';
import { DuelView } from './tetris/DuelView.tsx';
import { PlayView } from './tetris/PlayView.tsx';
import { ReplayView } from './tetris/ReplayView.tsx';

const VIEWS: Record<PageName, ComponentType> = {
  play: PlayView,
  duel: DuelView,
  samegame: SameGameView,
  scores: HighScoresView,
  bench: BenchmarksView,
  tuning: TuningView,
  aveiro: AveiroView,
  help: HelpView,
};
const PAGE_NAMES = Object.keys(PAGE_GUIDE) as PageName[];

type Page = PageName | 'replay' | 'unknown';

/**
 * A page of the app by its address: `#/NAME` (a run or a guide may follow: `#/tuning/ID`,
 * `#/help/GUIDE`), `#/replay/…` (a stored game), Play for an empty address, and "unknown" for the rest.
 */
const pageOf = (hash: string): Page => {
  const name = hash.replace(/^#\/?/, '').split('/')[0];
  if (name === '') return 'play';
  return name === 'replay' || name in PAGE_GUIDE ? (name as Page) : 'unknown';
};

/** The app shell: a header with the pages, routed by the URL's hash (#/play, #/duel, #/help…). */
export function App() {
  const [hash, setHash] = useState(location.hash);
  useEffect(() => {
    const follow = () => setHash(location.hash);
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);
  const page = pageOf(hash);
  const main = useRef<HTMLElement>(null);
  const View = page === 'replay' ? ReplayView : page === 'unknown' ? UnknownPage : VIEWS[page];
  const title = page === 'replay' ? 'Replay' : page === 'unknown' ? 'No such page' : PAGE_GUIDE[page].title;
  useEffect(() => {
    document.title = `${title} · Gridmind`;
  }, [title]);
  return (
    <>
      {/* For the keyboard: past the bar of pages to the page itself (a button: a link's #address would change the page). */}
      <button type="button" class="skip-link" onClick={() => main.current?.focus()} data-testid="skip-link">
        Skip to the page
      </button>
      <header class="top">
        <a class="brand" href="#/play" aria-label="Gridmind: Play & watch">
          <span class="logo" aria-hidden="true" />
          Gridmind
        </a>
        <nav aria-label="Pages">
          {PAGE_NAMES.map((key) => (
            <a
              key={key}
              href={`#/${key}`}
              class={key === page ? 'active' : ''}
              aria-current={key === page ? 'page' : undefined}
              data-testid={`nav-${key}`}
            >
              {PAGE_GUIDE[key].title}
            </a>
          ))}
          {/* The documentation site beside the app (`npm run docs`, served at /docs): guides, commands, API. */}
          <a href="docs/" data-testid="nav-docs">
            Docs
          </a>
        </nav>
      </header>
      <main ref={main} tabIndex={-1}>
        <h1 class="visually-hidden">{title}</h1>
        <View key={hash} />
      </main>
    </>
  );
}

/** An address that names no page. */
function UnknownPage() {
  return (
    <section class="page" data-testid="unknown-page">
      <h2>No page at “{location.hash}”</h2>
      <p>
        This address names no page of Gridmind. The pages are in the bar above; <a href="#/help">Help</a> tells what each does, and{' '}
        <a href="#/play">Play & watch</a> is where a game starts.
      </p>
    </section>
  );
}
