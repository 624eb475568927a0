import type { Db } from './database.ts';

/**
 * The results of harness tasks, every game's in one table, stored one by one as they end, so that an
 * interrupted or extended experiment does only the tasks it lacks. A result is identified by its setup
 * (everything that decides it but what it is played on: Gridmind's results revision, the agent or
 * solver, the settings) and its instance (what it is played on: a Tetris game's seed, in decimal; a
 * SameGame board's content key), the setup kept as its content key (src/node/content-key.ts). The result
 * is kept as JSON, as the task gave it.
 */
export interface TaskKey {
  readonly setup: string;
  readonly instance: string;
}

/**
 * Saves a task's result (`game`: the game it is of, `tetris` or `samegame`), replacing one stored for the
 * same key, and drops the task's checkpoint: it is no longer in play.
 */
export function saveTaskResult(db: Db, game: string, { setup, instance }: TaskKey, result: unknown): void {
  db.transaction(() => {
    db.prepare('INSERT OR REPLACE INTO task_results (game, setup, instance, result, created_at) VALUES (?, ?, ?, ?, ?)').run(
      game,
      setup,
      instance,
      JSON.stringify(result),
      new Date().toISOString(),
    );
    db.prepare('DELETE FROM task_checkpoints WHERE setup = ? AND instance = ?').run(setup, instance);
  })();
}

/** The stored result of a task, if any. */
export function findTaskResult<R>(db: Db, { setup, instance }: TaskKey): R | undefined {
  const row = db.prepare('SELECT result FROM task_results WHERE setup = ? AND instance = ?').get(setup, instance) as
    { result: string } | undefined;
  return row === undefined ? undefined : (JSON.parse(row.result) as R);
}

/**
 * Saves the checkpoint of a task in play (as JSON, as the task gave it), replacing the one before: a task
 * stopped in play goes on from its last checkpoint. Its result, once saved, drops it.
 */
export function saveTaskCheckpoint(db: Db, { setup, instance }: TaskKey, checkpoint: unknown): void {
  db.prepare('INSERT OR REPLACE INTO task_checkpoints (setup, instance, checkpoint, created_at) VALUES (?, ?, ?, ?)').run(
    setup,
    instance,
    JSON.stringify(checkpoint),
    new Date().toISOString(),
  );
}

/** The last checkpoint of a task stopped in play, if any. */
export function findTaskCheckpoint<C>(db: Db, { setup, instance }: TaskKey): C | undefined {
  const row = db.prepare('SELECT checkpoint FROM task_checkpoints WHERE setup = ? AND instance = ?').get(setup, instance) as
    { checkpoint: string } | undefined;
  return row === undefined ? undefined : (JSON.parse(row.checkpoint) as C);
}
