/**
 * The fleet lane (`npm run test:fleet`): `startTestServer` starts a second app over the first one's
 * PostgreSQL database and sandbox, each with a listener of its own, and hands out the URL of a
 * round-robin proxy in front of both, so that the server tests that drive REST and MCP over HTTP check
 * that two nodes answer as one.
 */
export const FLEET_LANE_VARIABLE = 'CONSTELLATION_TEST_FLEET';

/**
 * Files of the lane's folders that cannot run against two nodes, each with why: they read or change the
 * memory of one app (`server.app`, its sandbox state, its surface), so what they check holds for the node
 * they hold and not for the fleet. Everything else in the lane's folders runs; a failure there is a fleet
 * bug, not a file to add here.
 */
export const FLEET_LANE_EXCLUDED: Readonly<Record<string, string>> = {};

/** The folders whose tests drive REST and MCP over HTTP: the lane runs them (minus the exclusions). */
export const FLEET_LANE_FOLDERS = [
  'test/http',
  'test/mcp',
  'test/code_host',
  'test/ticketing',
  'test/notes',
  'test/wiki',
  'test/chat',
  'test/suite',
  'test/unified',
];
