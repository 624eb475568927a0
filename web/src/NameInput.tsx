import type { Ref } from 'preact';
import { useRef } from 'preact/hooks';
import { MAX_NAME_LENGTH } from '../../src/core/player-names.ts';

/**
 * How long after it appears the name box takes no typed character: a game that has just ended leaves
 * the player's fingers on its keys (Space to drop, letters to move), and those presses are not a name.
 */
const SETTLE_MS = 600;

/** Keys the box takes even while it settles: they leave it or answer the dialog, and type nothing. */
const ALWAYS_TAKEN = new Set(['Tab', 'Enter', 'Escape']);

/**
 * The box a player types a name in when a score is saved. A name never starts with white space, so
 * that is dropped as it is typed; in the first {@link SETTLE_MS} ms the box takes no key but
 * {@link ALWAYS_TAKEN}, and after them no character that a held key repeats.
 */
export function NameInput({
  inputRef,
  defaultValue,
  testId,
  name,
}: {
  inputRef?: Ref<HTMLInputElement>;
  defaultValue: string;
  testId: string;
  name?: string;
}) {
  const shownAt = useRef(performance.now());
  return (
    <input
      ref={inputRef}
      name={name}
      maxLength={MAX_NAME_LENGTH}
      placeholder="Your name"
      defaultValue={defaultValue}
      autoComplete="nickname"
      data-testid={testId}
      onKeyDown={(event) => {
        const settling = performance.now() - shownAt.current < SETTLE_MS;
        const typesCharacter = event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;
        if ((settling && !ALWAYS_TAKEN.has(event.key)) || (typesCharacter && event.repeat)) event.preventDefault();
      }}
      onInput={(event) => {
        const box = event.currentTarget;
        if (/^\s/.test(box.value)) box.value = box.value.trimStart();
      }}
    />
  );
}
