/**
 * The built-in agents in plain words, for players who do not know the literature: what each one
 * looks at and how good it is. The agent files' own descriptions name the sources; the page shows
 * them as references under these.
 */
export const AGENT_IN_PLAIN_WORDS: Readonly<Record<string, string>> = {
  aveiro: 'Plays the Aveiro network game: the BCTS player, planning its key presses to the server’s clock.',
  bcts: 'One of the strongest one-piece players known: it weighs eight measures of the board, with weights learned by trial over thousands of games.',
  dellacherie:
    'A classic hand-tuned player: six measures of the board (holes, wells, height, bumps…); it clears hundreds of thousands of rows.',
  eltetris: 'The six classic measures with weights found by a genetic algorithm.',
  greedy: 'A beginner’s player: it avoids holes and height, and plays for survival when the stack is high.',
  lee: 'A simple, popular player: total height, complete rows, holes and bumpiness, with four learned weights.',
  lookahead: 'Plays like “skilled” but also plans where the next piece will go.',
  skilled: 'Weighs seven measures of the board, and switches to survival when the stack is high.',
  target: 'Plays for the target rules: aims at the target score exactly and refuses moves that would go past it.',
  tpg: 'Five measures of the board from a student report, with weights chosen by Gridmind.',
  'tuned-10x10': 'Gridmind’s own, tuned for 10 × 10 boards, where it clears about a fifth more rows than BCTS.',
  'tuned-fit-10x10': 'Gridmind’s best on 10 × 10: it also counts the pieces that would have no flat place to land.',
};
