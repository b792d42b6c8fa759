import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Sorts the test files into the suite's projects by what they use, so that a new file lands in the right
 * one without being listed. A file is a server test when it starts the app (through a helper that does),
 * spawns a process or drives a browser (these run in child processes); everything else is a unit test
 * (worker threads). The smoke set (test/smoke/) is its own project: it also runs alone on the newest Node.
 * So is the PostgreSQL set (test/store/pg/): it needs a PostgreSQL server, and runs in its own lane.
 */
const SERVER_MARKERS = [
  /helpers\/(server|sandbox|mcp-session|unified-family|oauth-harness|built-server|cli|chromium)\.js'/,
  /node:child_process/,
  /src\/(app|demo\/start-demo)\.js'/,
];

export const SMOKE_FOLDER = 'test/smoke';
export const PG_FOLDER = 'test/store/pg';
/** The storage contract suite: on SQLite in the default projects, and on PostgreSQL in its lane too. */
export const CONTRACT_FOLDER = 'test/store/contract';
/** Set to 1 to run the PostgreSQL lane (`npm run test:pg` sets it after preparing PostgreSQL). */
export const PG_LANE_VARIABLE = 'CONSTELLATION_TEST_PG';

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

export function isServerTest(source: string): boolean {
  return SERVER_MARKERS.some((marker) => marker.test(source));
}

/** The unit test files under `root`/test (paths relative to `root`); the server project takes the rest. */
export function unitTestFiles(root: string): string[] {
  return testFiles(join(root, 'test'))
    .map((path) => relative(root, path))
    .filter((path) => ![SMOKE_FOLDER, PG_FOLDER].some((folder) => path.startsWith(`${folder}/`)))
    .filter((path) => !isServerTest(readFileSync(join(root, path), 'utf8')))
    .sort();
}
