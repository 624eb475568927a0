import { useState } from 'preact/hooks';
import { KeyTable } from '../KeyTable.tsx';
import { KEY_HELP } from './keyboard.ts';
import { HUMAN, type SessionSetup } from './session.ts';
import { SetupForm } from './SetupPanel.tsx';

/** The agent "Watch an AI play" starts: a strong one-piece player that clears rows at a pace a viewer can follow. */
const SHOWN_AGENT = 'bcts';

/**
 * The first screen, before any game: what Gridmind is, three things to try, the keys, where help is,
 * and the full set-up for a game of one's own.
 */
export function Welcome({ initial, onStart }: { initial: SessionSetup; onStart: (setup: SessionSetup) => void }) {
  const [setup, setSetup] = useState(initial);
  return (
    <div class="welcome" data-testid="welcome">
      <div class="panel intro">
        <h2>Welcome to Gridmind</h2>
        <p class="lead">
          Gridmind is a workbench for game-playing AI: play Tetris and SameGame yourself, watch search-based agents play them, and see why
          each one moves as it does.
        </p>
        <h3>Three things to try</h3>
        <div class="try">
          <button type="button" onClick={() => onStart({ ...setup, player: HUMAN })} data-testid="try-play">
            <strong>Play Tetris</strong>
            <span>you at the keys, on the board and rules of the set-up</span>
          </button>
          <button type="button" class="secondary" onClick={() => onStart({ ...setup, player: SHOWN_AGENT })} data-testid="try-watch">
            <strong>Watch an AI play</strong>
            <span>BCTS, one of the strongest players known; press Y to see why it moves</span>
          </button>
          <a class="button secondary" href="#/samegame" data-testid="try-samegame">
            <strong>Try SameGame</strong>
            <span>clear a board of coloured blocks, with a hint from a search when you want one</span>
          </a>
        </div>
        <h3>Keys</h3>
        <KeyTable keys={KEY_HELP} label="Keyboard" />
        <p>
          The <a href="#/help">Help</a> page tells what each page does, the rules and all the keys, and links to the guides.
        </p>
      </div>
      <SetupForm setup={setup} onChange={setSetup} onStart={onStart} title="Or set up a game" />
    </div>
  );
}
