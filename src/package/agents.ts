/**
 * `gridmind/agents`: Tetris agents. Agent files (`AgentSpec`) and the built-in agents, feature-based
 * evaluators with lookahead, the play loops of the research protocol and of key-driven games, agents
 * written in code (`CodeAgent`, the interface of `--agent ./my-agent.js`), explanations of an agent's
 * choice (`TetrisAgent.explain`, `explainGamePiece`), and Tetris as a search problem for the methods of
 * gridmind/search.
 *
 * @module gridmind/agents
 */
export * from '../tetris-ai/agent.ts';
export * from '../tetris-ai/agent-files.ts';
export * from '../tetris-ai/afterstates.ts';
export * from '../tetris-ai/agent-spec.ts';
export * from '../tetris-ai/code-agents.ts';
export * from '../tetris-ai/evaluator.ts';
export { explainGamePiece, type ExplainedTurn } from '../tetris-ai/explain.ts';
export * from '../tetris-ai/explanation.ts';
export { FEATURES, findFeature, type BoardView, type Feature, type FeatureInput } from '../tetris-ai/features/index.ts';
export * from '../tetris-ai/play.ts';
export { loadProgramAgent, type AgentProgram } from '../tetris-ai/process-agent.ts';
export * from '../tetris-search/problem.ts';
export * from '../tetris-search/search-player.ts';
