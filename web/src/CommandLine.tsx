import { Fragment } from 'preact';
import { useRef, useState } from 'preact/hooks';

/** A command to copy: with the button, or selected by hand where the page may not write the clipboard. */
export function CommandLine({ command, testId }: { command: string; testId: string }) {
  const [note, setNote] = useState('');
  const text = useRef<HTMLElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(command);
      setNote('Copied.');
    } catch {
      window.getSelection()?.selectAllChildren(text.current!);
      setNote('Selected: press Ctrl+C to copy.');
    }
  };
  return (
    <div class="command-line">
      <code ref={text} data-testid={testId}>
        {/* Word by word, so that a line breaks between words, never inside a flag such as --validation-games. */}
        {command.split(' ').map((word, i) => (
          <Fragment key={i}>
            {i > 0 && ' '}
            <span class="word">{word}</span>
          </Fragment>
        ))}
      </code>
      <button type="button" onClick={() => void copy()}>
        Copy
      </button>
      <span class="hint" role="status">
        {note}
      </span>
    </div>
  );
}
