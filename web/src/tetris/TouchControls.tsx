import type { Key } from '../../../src/tetris/keys.ts';
import './tetris.css';

/** The game keys on screen, in the pad's order: the top row's (before pause, at the side), then the bottom row's three moves. */
const BUTTONS: readonly { key: Key; symbol: string; word: string; name: string }[] = [
  { key: 'A', symbol: '↺', word: 'turn', name: 'Rotate counter-clockwise' },
  { key: 'C', symbol: '↻', word: 'turn', name: 'Rotate clockwise' },
  { key: 'H', symbol: '⇊', word: 'drop', name: 'Hard drop' },
  { key: 'L', symbol: '←', word: 'left', name: 'Move left' },
  { key: 'D', symbol: '↓', word: 'down', name: 'Soft drop' },
  { key: 'R', symbol: '→', word: 'right', name: 'Move right' },
];

/**
 * On-screen controls for a human player on a touch screen: the game keys (as the keyboard's: the first
 * one while an agent plays takes over) and pause, as buttons big enough for a thumb. The
 * counter-clockwise turn shows where the game has it (`turnsBothWays`); the rules have no hold piece,
 * so there is no hold button.
 */
export function TouchControls({
  onKey,
  onPause,
  paused,
  disabled,
  turnsBothWays,
}: {
  onKey: (key: Key) => void;
  onPause: () => void;
  paused: boolean;
  disabled: boolean;
  turnsBothWays: boolean;
}) {
  const buttons = turnsBothWays ? BUTTONS : BUTTONS.filter(({ key }) => key !== 'A');
  const button = ({ key, symbol, word, name }: (typeof BUTTONS)[number]) => (
    <PadButton key={key} id={key} name={name} symbol={symbol} word={word} disabled={disabled || paused} onClick={() => onKey(key)} />
  );
  return (
    <div class={`touch-pad${turnsBothWays ? '' : ' one-turn'}`} role="group" aria-label="Game controls" data-testid="touch-pad">
      {buttons.slice(0, -3).map(button)}
      <PadButton
        id="pause"
        name={paused ? 'Resume' : 'Pause'}
        symbol={paused ? '▶' : '❚❚'}
        word={paused ? 'resume' : 'pause'}
        disabled={disabled}
        onClick={onPause}
      />
      {buttons.slice(-3).map(button)}
    </div>
  );
}

/** A button of the pad: a symbol and a word, named for screen readers and on hover. */
function PadButton({
  id,
  name,
  symbol,
  word,
  disabled,
  onClick,
}: {
  id: string;
  name: string;
  symbol: string;
  word: string;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      class={`secondary touch-${id}`}
      aria-label={name}
      title={name}
      disabled={disabled}
      onClick={onClick}
      data-testid={`touch-${id}`}
    >
      <span class="symbol" aria-hidden="true">
        {symbol}
      </span>
      <span class="word" aria-hidden="true">
        {word}
      </span>
    </button>
  );
}
