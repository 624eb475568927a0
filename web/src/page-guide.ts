/** The app's pages: the name in their address (`#/NAME`), their title in the header, and what each is for. */
export const PAGE_GUIDE = {
  play: {
    title: 'Play & watch',
    about:
      'Play Tetris yourself or watch an agent play it; take over from the agent and hand back; pause, step a piece on or back, and ask "Why here?" to see every place the agent weighed for the piece.',
  },
  duel: {
    title: 'Duel',
    about: 'Two boards on the same pieces: you against an agent, or two agents against each other.',
  },
  samegame: {
    title: 'SameGame',
    about:
      'Clear a board of coloured blocks by removing groups of two or more of a colour; ask a search for a hint or the whole solution, or compete with it on the same board.',
  },
  scores: {
    title: 'High scores',
    about:
      'Every saved game, by the rules and board it was played on, humans apart from agents; each one can be watched again, move by move, as the server checked it.',
  },
  bench: {
    title: 'Benchmarks',
    about:
      'The runs of the bench command (gridmind bench) stored in this server’s database: how many rows each agent cleared over its games, as charts, and any game watched again.',
  },
  tuning: {
    title: 'Tuning',
    about:
      'The runs of the tuner (gridmind tune): how the score grew iteration by iteration, and how each weight moved as the method learned.',
  },
  aveiro: {
    title: 'Aveiro games',
    about:
      'The games on this server’s Aveiro course server (the network game students’ agents play): live ones to watch, finished ones to watch again, and the command that plays one.',
  },
  help: {
    title: 'Help',
    about: 'This page: the keys, the rules, the agents, and the guides.',
  },
} as const;

export type PageName = keyof typeof PAGE_GUIDE;
