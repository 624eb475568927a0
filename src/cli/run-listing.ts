import { withDatabase, type Db } from '../store/database.ts';
import { print, type RunsFlags } from './options.ts';

/** How a kind of stored run is listed. */
export interface RunListing<Run> {
  /** The newest `limit` runs, newest first. */
  load(db: Db, limit: number): Run[];
  /** What `--json` prints of a run (default: the run as stored). */
  json?(run: Run): unknown;
  /** With a key, `--json` prints {"<key>": [runs]} instead of the bare list. */
  jsonKey?: string;
  /** Printed when there is no run yet: how to make one. */
  empty: string;
  /** One run on one line. */
  line(run: Run): string;
}

/** Prints the newest `--limit` stored runs of a kind, newest first, as `listing` says (as JSON with `--json`). */
export function printRuns<Run>(flags: RunsFlags, listing: RunListing<Run>): void {
  const runs = withDatabase((db) => listing.load(db, flags.limit));
  const shown = listing.json ? runs.map(listing.json) : runs;
  if (flags.json) print(JSON.stringify(listing.jsonKey === undefined ? shown : { [listing.jsonKey]: shown }));
  else if (runs.length === 0) print(listing.empty);
  else for (const run of runs) print(listing.line(run));
}
