/**
 * Gridmind's dependency rules (ARCHITECTURE.md says why). `test/architecture.test.ts` checks them on
 * every test run; `npx depcruise src web/src --config .dependency-cruiser.cjs` prints any breach.
 */
/** The modules of the Redis queue, which import BullMQ and ioredis (optional packages) at their top. */
const QUEUE_MODULES = '^src/bench/redis-queue(\\.ts$|/)';

/** Node's built-in modules and the packages: what a module that runs anywhere (a browser included) may not import. */
const NODE_OR_PACKAGES = ['core', 'npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-no-pkg', 'npm-unknown'];

/**
 * The rule of one layer (a row of ARCHITECTURE.md's table): the modules of `folder` import, of Gridmind,
 * only their own folder and the `allowed` ones (paths under src/).
 */
function layer(name, comment, folder, allowed, extra = {}) {
  return {
    name,
    comment,
    severity: 'error',
    from: { path: `^src/${folder}/` },
    to: { path: `^src/(?!${[folder + '/', ...allowed].join('|')})`, ...extra },
  };
}

module.exports = {
  forbidden: [
    layer('core-is-the-base', 'src/core holds what every layer shares, so it imports no other part of Gridmind.', 'core', []),
    {
      name: 'core-runs-anywhere',
      comment: 'src/core runs in a browser as in Node: no Node built-in, no package but zod (the schemas every border shares).',
      severity: 'error',
      from: { path: '^src/core/' },
      to: { dependencyTypes: NODE_OR_PACKAGES, pathNot: 'node_modules/zod/' },
    },
    layer(
      'node-helpers-stand-on-core',
      'src/node holds what needs Node (files, threads, code modules, optional packages), over src/core alone.',
      'node',
      ['core/'],
    ),
    layer(
      'rules-know-no-ai',
      'The Tetris rules import nothing but src/core: no evaluator, search, harness, storage, Node helper or front end.',
      'tetris',
      ['core/'],
    ),
    {
      name: 'rules-run-anywhere',
      comment: 'The Tetris rules run in a browser as in Node (the web app plays them): no Node built-in, no package but zod.',
      severity: 'error',
      from: { path: '^src/tetris/' },
      to: { dependencyTypes: NODE_OR_PACKAGES, pathNot: 'node_modules/zod/' },
    },
    layer('samegame-rules-know-no-ai', "SameGame's rule modules (src/samegame/rules) import nothing but src/core.", 'samegame/rules', [
      'core/',
    ]),
    layer(
      'samegame-uses-search-and-its-rules',
      "SameGame's heuristics, Problem and solver use its rules and the search library; its solver's thread and code solvers, src/node.",
      'samegame',
      ['core/', 'node/', 'search/'],
    ),
    layer(
      'evaluators-know-no-search',
      'Features, evaluators, policies and agents (src/tetris-ai) use the Tetris rules, never the search library, the harness or I/O layers.',
      'tetris-ai',
      ['tetris/', 'core/', 'node/'],
    ),
    layer(
      'tetris-search-does-no-io',
      'Tetris as a search problem joins the rules, the agents and the search library, and nothing that does I/O.',
      'tetris-search',
      ['tetris/', 'tetris-ai/', 'search/', 'core/'],
    ),
    layer('search-does-no-io', 'The search library is pure: no other part of Gridmind but src/core.', 'search', ['core/']),
    {
      name: 'search-uses-no-node-or-packages',
      comment: 'The search library imports no Node built-in and no package.',
      severity: 'error',
      from: { path: '^src/search/' },
      to: { dependencyTypes: NODE_OR_PACKAGES },
    },
    layer(
      'environments-are-the-rules',
      'An environment serves the exact engine: it imports the rules and src/core, and the features agents weigh only to measure afterstates; no agent, search or storage.',
      'env',
      ['tetris/', 'samegame/rules/', 'core/', 'tetris-ai/afterstates\\.ts$'],
    ),
    layer(
      'the-harness-runs-games',
      'The harness (src/bench) plays the rules with the agents and solvers, and stores what ends; no front end, no tuner.',
      'bench',
      ['core/', 'node/', 'tetris/', 'tetris-ai/', 'samegame/', 'search/', 'store/'],
    ),
    layer(
      'store-keeps-types',
      'Storage (src/store) takes of the layers whose results it keeps only their types.',
      'store',
      ['core/', 'node/'],
      { dependencyTypesNot: ['type-only'] },
    ),
    layer(
      'the-tuner-uses-the-harness',
      'The tuner (src/tune) plays its candidates on the harness and keeps its runs in the store.',
      'tune',
      ['bench/', 'store/', 'tetris-ai/', 'tetris/', 'core/', 'node/'],
    ),
    layer(
      'aveiro-is-the-engine-on-a-wire',
      "The Aveiro course's game and server: the Tetris rules on the course's clock and wire, high scores in the store.",
      'aveiro',
      ['tetris/', 'store/', 'core/', 'node/'],
    ),
    layer(
      'the-client-plays-aveiro',
      "Our agents as clients of an Aveiro server: the course's wire format, the rules and the agents.",
      'client',
      ['aveiro/', 'tetris/', 'tetris-ai/', 'core/', 'node/'],
    ),
    {
      name: 'the-server-uses-all-but-the-cli',
      comment: 'The HTTP server (src/server) may use every layer below the command line.',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: '^src/cli/' },
    },
    {
      name: 'entry-points-show-no-front-end',
      comment: "The package's entry points (src/package) show the layers a program uses, not the command line or the server.",
      severity: 'error',
      from: { path: '^src/package/' },
      to: { path: '^src/(cli|server)/' },
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
      to: { path: '^src/(node|store|server|cli|bench|tune|client)/|^src/aveiro/server\\.ts$', dependencyTypesNot: ['type-only'] },
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
        "No module reaches itself through its imports, of values or of types alone: each part stands on the parts it uses, and what two modules share (a thread and its owner's messages) lives on one side.",
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
