/**
 * `gridmind/agents`: Tetris agents, named one by one (its report: api/gridmind-agents.api.md).
 *
 * - Agent files (`AgentSpec`, `loadAgentSpec`, the built-in agents, `withLookahead`): agents as data, the
 *   form every built-in and tuned agent takes.
 * - `TetrisAgent` and `Chooser`: an agent's policy, and the interface of a player of your own.
 * - `playGame` (an agent file) and `playGameWith` (a chooser of your own), with their options and
 *   result: one game under any rules, on the same pieces as `gridmind bench` for the same seed.
 * - Features (`FEATURES`, `Evaluator`, `AfterstateMeasurer`): what agents measure of a board, for
 *   evaluators and learners.
 * - Explanations (`TetrisAgent.explain`, `explainGamePiece`): why an agent chose its placement.
 * - Agents in code and programs (`CodeAgent`, `AgentTurn` with its afterstates, `loadCodeAgent`,
 *   `loadProgramAgent`, `CodeAgentChooser`): the interface of `--agent ./my-agent.js`, and how to play one from code.
 * - `TetrisProblem` and `SearchPlayer`: Tetris with known pieces for the methods of gridmind/search.
 *
 * @module gridmind/agents
 */
export { DEFAULT_MOVE_TIME_LIMIT, MAX_LOOKAHEAD, type AgentLimits } from '../tetris-ai/agent-limits.ts';
export {
  parseAgentSpec,
  withLookahead,
  type AgentSpec,
  type DespairSpec,
  type PolicySpec,
  type TieBreak,
} from '../tetris-ai/agent-spec.ts';
export { builtInAgentNames, loadAgentSpec } from '../tetris-ai/agent-files.ts';
export { AgentFault, TetrisAgent, type Choice, type Chooser, type TurnState } from '../tetris-ai/agent.ts';
export { placementMode, playGame, playGameWith, type PlayOptions, type PlayOutcome, type PlayResult } from '../tetris-ai/play.ts';
export type { PathStep } from '../tetris-ai/search-path.ts';
export { FEATURES, findFeature, type BoardView, type Feature, type FeatureInput } from '../tetris-ai/features/index.ts';
export { Evaluator, type FeatureTerm, type Sense, type Weights } from '../tetris-ai/evaluator.ts';
export { AfterstateMeasurer } from '../tetris-ai/afterstates.ts';
export { explainGamePiece, type ExplainedTurn } from '../tetris-ai/explain.ts';
export { REFUSAL_REASONS, type CandidateExplanation, type Explanation, type LineStep, type Refusal } from '../tetris-ai/explanation.ts';
export {
  CodeAgentChooser,
  loadCodeAgent,
  type Afterstate,
  type AgentModule,
  type AgentTurn,
  type CodeAgent,
  type GameAgent,
  type GameStart,
  type Placement,
  type TurnData,
} from '../tetris-ai/code-agents.ts';
export { loadProgramAgent, type AgentProgram, type OutsideAgent } from '../tetris-ai/process-agent.ts';
export { TetrisProblem, TOPPED_OUT, type TetrisProblemSetting, type TetrisState } from '../tetris-search/problem.ts';
export { TETRIS_SEARCH_METHODS, type TetrisSearchMethod } from '../tetris-search/methods.ts';
export { SearchPlayer, type SearchPlayerSettings } from '../tetris-search/search-player.ts';
