/**
 * A modal dialog's focus, as the WAI-ARIA Authoring Practices' dialog pattern defines it: focus moves
 * into the dialog when it opens, Tab and Shift+Tab cycle within it, focus that lands elsewhere (a click
 * on the dimmed page) is brought back, Escape closes it when it can be closed, and on closing focus
 * returns to the element that had it before.
 */
import { useEffect, useRef, useState, type MutableRef } from 'preact/hooks';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The dialogs open, the last opened last: only that one keeps the focus and takes Escape (a dialog
 * opened over another, as a set-up over a game's end, leaves the one beneath alone until it closes).
 */
const openDialogs: HTMLElement[] = [];
const onTop = (dialog: HTMLElement) => openDialogs[openDialogs.length - 1] === dialog;

/** The elements of `container` that Tab reaches, in order. */
const focusables = (container: HTMLElement) =>
  [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => element.getClientRects().length > 0);

/** Whether the focus is on no control: the page's body, or its <main> (focusable, for the skip link). */
function focusFellOut(): boolean {
  return document.activeElement === document.body || document.activeElement?.tagName === 'MAIN';
}

/**
 * Keeps the focus in the dialog `container` while it is mounted (see the module's comment); `onEscape`
 * closes it. An element the dialog focuses itself when it opens (autofocus, a name field) keeps the focus.
 */
export function useDialogFocus(container: MutableRef<HTMLElement | null>, onEscape?: () => void): void {
  const escape = useRef(onEscape);
  escape.current = onEscape;
  const [opener] = useState(() => document.activeElement); // at the first render, before an autofocus in the dialog
  useEffect(() => {
    const dialog = container.current;
    if (dialog === null) return;
    openDialogs.push(dialog);
    const enter = () => (focusables(dialog)[0] ?? dialog).focus({ preventScroll: true });
    if (!dialog.contains(document.activeElement)) enter();

    const keys = (event: KeyboardEvent) => {
      if (!onTop(dialog)) return;
      if (event.key === 'Escape' && escape.current) {
        event.preventDefault();
        event.stopPropagation(); // the page behind does not see it
        escape.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const reachable = focusables(dialog);
      if (reachable.length === 0) return event.preventDefault();
      const first = reachable[0];
      const last = reachable[reachable.length - 1];
      const at = document.activeElement;
      if (event.shiftKey && (at === first || !dialog.contains(at))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (at === last || !dialog.contains(at))) {
        event.preventDefault();
        first.focus();
      }
    };
    const keepInside = (event: FocusEvent) => {
      if (onTop(dialog) && event.target instanceof Node && !dialog.contains(event.target)) enter();
    };
    // A click on the dialog's backdrop or text focuses nothing of its own: the focus falls to the page's body or its <main>.
    let regain: ReturnType<typeof setTimeout> | undefined;
    const leaving = () => {
      clearTimeout(regain);
      regain = setTimeout(() => onTop(dialog) && focusFellOut() && enter());
    };
    document.addEventListener('keydown', keys, true);
    document.addEventListener('focusin', keepInside);
    dialog.addEventListener('focusout', leaving);
    return () => {
      openDialogs.splice(openDialogs.indexOf(dialog), 1);
      clearTimeout(regain);
      document.removeEventListener('keydown', keys, true);
      document.removeEventListener('focusin', keepInside);
      dialog.removeEventListener('focusout', leaving);
      const returnable = opener instanceof HTMLElement && opener.isConnected && !dialog.contains(opener);
      if (returnable && (focusFellOut() || dialog.contains(document.activeElement))) {
        opener.focus({ preventScroll: true });
      }
    };
  }, []);
}
