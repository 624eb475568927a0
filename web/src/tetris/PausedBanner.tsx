/**
 * Over a paused board, or `above` the boards of a duel (two narrow boards leave no room over each): that
 * the game is paused, and how to go on (by key, and where the on-screen controls show by their button).
 */
export function PausedBanner({ touch, above = false }: { touch: boolean; above?: boolean }) {
  return (
    <div class={above ? 'banner paused above' : 'banner paused'} role="status" data-testid="paused">
      {touch ? 'Paused — tap Resume or press P' : 'Paused — press P'}
    </div>
  );
}
