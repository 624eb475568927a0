/**
 * Gridmind's dependency rules (ARCHITECTURE.md says why). `test/architecture.test.ts` checks them on
 * every test run; `npx depcruise src web/src --config .dependency-cruiser.cjs` prints any breach.
 */
/** The modules of the Redis queue, which import BullMQ and ioredis (optional packages) at their top. */
const QUEUE_MODULES = '^src/bench/(redis-queue|queue-(admin|connection|jobs|results|submitter|worker))\\.ts$';

const SAMEGAME_RULES = '^src/samegame/(board|board-files|board-text|game|groups|random-boards|replay-log|rules)\\.ts$';

module.exports = {
  forbidden: [
    {
      name: 'core-is-the-base',
      comment: 'src/core holds what every layer shares, so it imports no other part of Gridmind.',
      severity: 'error',
      from: { path: '^src/core/' },
      to: { path: '^src/(?!core/)' },
    },
    {
      name: 'rules-know-no-ai',
      comment: 'The Tetris rules import nothing but src/core: no evaluator, search, harness, storage or front end.',
      severity: 'error',
      from: { path: '^src/tetris/' },
      to: { path: '^src/(?!tetris/|core/)' },
    },
    {
      name: 'samegame-rules-know-no-ai',
      comment: "SameGame's rule modules import nothing but src/core; its heuristics, Problem and solver may use the search library.",
      severity: 'error',
      from: { path: SAMEGAME_RULES },
      to: { path: '^src/(?!samegame/|core/)' },
    },
    {
      name: 'evaluators-know-no-search',
      comment: 'Features, evaluators and policies (src/tetris-ai) use the rules, never the search library, the harness or I/O layers.',
      severity: 'error',
      from: { path: '^src/tetris-ai/' },
      to: { path: '^src/(search|tetris-search|samegame|bench|tune|store|server|aveiro|client|cli)/' },
    },
    {
      name: 'tetris-search-does-no-io',
      comment: 'Tetris as a search problem joins the rules, the agents and the search library, and nothing that does I/O.',
      severity: 'error',
      from: { path: '^src/tetris-search/' },
      to: { path: '^src/(?!tetris-search/|tetris/|tetris-ai/|search/|core/(?!files\\.ts))' },
    },
    {
      name: 'search-does-no-io',
      comment: 'The search library is pure: no Node built-in, no package, no file helper, no other part of Gridmind but src/core.',
      severity: 'error',
      from: { path: '^src/search/' },
      to: { path: '^src/(?!search/|core/(?!files\\.ts))' },
    },
    {
      name: 'search-uses-no-node-or-packages',
      severity: 'error',
      from: { path: '^src/search/' },
      to: { dependencyTypes: ['core', 'npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-no-pkg', 'npm-unknown'] },
    },
    {
      name: 'nothing-imports-the-cli',
      comment: 'The command line only wires the modules below it together; nothing depends on it.',
      severity: 'error',
      from: { path: '^(src|web)/', pathNot: '^src/cli/' },
      to: { path: '^src/cli/' },
    },
    {
      name: 'entry-points-are-for-users',
      comment: "src/package holds the package's entry points (package.json exports): Gridmind's own modules import the modules themselves.",
      severity: 'error',
      from: { path: '^(src|web)/', pathNot: '^src/package/' },
      to: { path: '^src/package/' },
    },
    {
      name: 'nothing-imports-the-server',
      comment: 'Only the command line starts the HTTP server.',
      severity: 'error',
      from: { path: '^(src|web)/', pathNot: '^src/(cli|server)/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'environments-are-the-rules',
      comment:
        'An environment serves the exact engine: it imports the rules and src/core, and the features agents weigh only to measure afterstates; no agent, search or storage.',
      severity: 'error',
      from: { path: '^src/env/' },
      to: {
        path: '^src/(?!env/|tetris/|samegame/(board|board-files|game|groups|random-boards|rules)\\.ts$|core/|tetris-ai/afterstates\\.ts$)',
      },
    },
    {
      name: 'views-are-pages',
      comment: 'A view is a page of the app: only the app shows it; what two pages share lives in a module of its own.',
      severity: 'error',
      from: { path: '^web/src/', pathNot: '^web/src/app\\.tsx$' },
      to: { path: 'View\\.tsx$' },
    },
    {
      name: 'the-web-app-takes-only-pure-modules',
      comment:
        'The browser app may use the rules, agents and search, but only the types of the Node-side layers (storage, servers, harness).',
      severity: 'error',
      from: { path: '^web/' },
      to: { path: '^src/(store|server|cli|bench|tune|client)/|^src/aveiro/server\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'the-queue-loads-through-its-loader',
      comment:
        'BullMQ and ioredis are optional: only the modules of the Redis queue import them, and only redis-queue-loader.ts loads those modules (others may take their types).',
      severity: 'error',
      from: { pathNot: `${QUEUE_MODULES}|^src/bench/redis-queue-loader\\.ts$` },
      to: { path: `${QUEUE_MODULES}|node_modules/(bullmq|ioredis)/`, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'no-circular',
      comment:
        'No module reaches itself through imports that run (static or dynamic): each part loads after the parts it uses. Imports of types alone vanish when compiled, so they may go both ways.',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
