/**
 * What makes a table row selectable by mouse and keyboard alike: it takes the focus in Tab order, and
 * a click, Enter or Space selects it (Space without scrolling the page). Tables that use it have the
 * `runs` class, whose rows show the pointer, the hover and the focus ring (styles.css).
 */
export function selectableRow(onSelect: () => void) {
  return {
    tabIndex: 0,
    onClick: onSelect,
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      event.preventDefault();
      onSelect();
    },
  };
}
