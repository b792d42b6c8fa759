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
export const FLEET_LANE_EXCLUDED: Readonly<Record<string, string>> = {
  'test/http/cache-grants.test.ts':
    'each case first asserts X-Cache: HIT on a repeated read; the response cache is each node’s memory, so a hit needs the same node twice and the proxy alternates',
  'test/http/isolation.test.ts':
    'two cases assert X-Cache: HIT on a repeated read (a node’s own cache, see cache-grants); the tenant isolation it checks runs in test/store/pg/two-nodes.test.ts across nodes',
  'test/http/caller-once.test.ts': 'spies on one app to count how often it resolves the caller of a request',
  'test/http/keep-alive.test.ts':
    'checks the keep-alive of the client’s own connection to the server; behind a proxy that connection ends at the proxy',
  'test/http/unified-notes.test.ts':
    'one case counts the Apideck lookups that a node’s memory of the connected provider saves; each node remembers on its own',
  'test/http/unified-notes-memory.test.ts':
    'counts the Apideck requests that a node’s memory of the workspace’s people saves; each node remembers on its own',
  'test/http/limits-hardening.test.ts':
    'one case asserts X-Cache: HIT on a repeated upstream read (a node’s own cache, see cache-grants); the limits it checks run in test/http/rate-limit.test.ts',
  'test/http/readiness.test.ts': 'drains one node and reads that node’s own /ready while it drains',
  'test/mcp/logging.test.ts':
    'a 2025-era client’s logging/setLevel is kept by the node that took it (a deprecated capability; a shared level would cost a database read per call); the README says so',
  'test/suite/chat-senders.test.ts':
    'counts the Google Chat membership lookups that a node’s directory cache saves (each node keeps its own), and reads the graph right after a read on the other node, whose records land just after its answer',
  'test/chat/names.test.ts':
    'each node fills its own memory of Slack’s users and channels, so the file spends the sandbox’s Slack budget twice and is refused (429)',
};

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
