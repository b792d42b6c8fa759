import { defineConfig } from 'vitest/config';
import {
  CONTRACT_FOLDER,
  PG_FOLDER,
  PG_LANE_VARIABLE,
  SMOKE_FOLDER,
  unitTestFiles,
} from './test/helpers/test-projects.js';
import { FLEET_LANE_EXCLUDED, FLEET_LANE_FOLDERS, FLEET_LANE_VARIABLE } from './test/helpers/fleet-lane-files.js';

const ALL = 'test/**/*.test.ts';
const SMOKE = `${SMOKE_FOLDER}/**/*.test.ts`;
const PG = `${PG_FOLDER}/**/*.test.ts`;
const CONTRACT = `${CONTRACT_FOLDER}/**/*.test.ts`;
const UNIT = unitTestFiles(import.meta.dirname);

const pgLane = process.env[PG_LANE_VARIABLE] === '1';
// The fleet lane runs over the PostgreSQL lane's cluster (its own global setup), so it implies that lane.
const fleetLane = process.env[FLEET_LANE_VARIABLE] === '1';
// Said once per run, though Vitest loads this file again for each project that extends it.
const laneNotice = Symbol.for('constellation.pg-lane-notice');
if (!pgLane && !fleetLane && !(laneNotice in globalThis)) {
  Object.assign(globalThis, { [laneNotice]: true });
  console.warn(`PostgreSQL lane off: ${PG} not run, ${CONTRACT} on SQLite only (npm run test:pg runs both).`);
}

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default'],
    projects: [
      {
        extends: true,
        // Pure modules and in-process fakes: one module graph per worker thread instead of one per file
        // (importing the catalog once per file was a third of the suite's time).
        test: { name: 'unit', include: UNIT, pool: 'threads', isolate: false },
      },
      {
        extends: true,
        // A process per worker (spawned children, servers, browsers), reused from file to file with its
        // modules: each file still starts and closes its own server, but no longer imports the whole app
        // afresh (that import was two thirds of these files' time).
        test: { name: 'server', include: [ALL], exclude: [...UNIT, SMOKE, PG], pool: 'forks', isolate: false },
      },
      // The storage tests and every server test against a throwaway PostgreSQL cluster
      // (test/helpers/pg-global-setup.ts), only when the lane is on: the default suite needs no database
      // server. Servers the tests start keep their data in a database of their own there
      // (test/helpers/pg-lane.ts); the contract suite runs here on PostgreSQL, and on SQLite in the unit project.
      ...(pgLane
        ? [
            {
              extends: true,
              test: {
                name: 'pg',
                include: [ALL],
                exclude: [...UNIT.filter((file) => !file.startsWith(`${CONTRACT_FOLDER}/`)), SMOKE],
                pool: 'forks' as const,
                isolate: false,
                globalSetup: ['test/helpers/pg-global-setup.ts'],
              },
            },
          ]
        : []),
      // The HTTP-driven server tests against two nodes over one PostgreSQL database behind a proxy
      // (test/helpers/fleet-lane.ts), only when asked for: `npm run test:fleet`.
      ...(fleetLane
        ? [
            {
              extends: true,
              test: {
                name: 'fleet',
                include: FLEET_LANE_FOLDERS.map((folder) => `${folder}/**/*.test.ts`),
                exclude: [...UNIT, ...Object.keys(FLEET_LANE_EXCLUDED)],
                pool: 'forks' as const,
                isolate: false,
                globalSetup: ['test/helpers/pg-global-setup.ts'],
              },
            },
          ]
        : []),
      {
        extends: true,
        // Start-up over both transports, one call per surface, the native modules, the worker pool: what a
        // new Node major breaks first. `.ci/run` runs it alone on Node 24.
        test: { name: 'smoke', include: [SMOKE], pool: 'forks' },
      },
    ],
  },
});
