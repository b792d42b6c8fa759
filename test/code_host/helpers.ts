import type { GithubState } from '../../src/sandbox/github/index.js';
import type { ManualClock } from '../helpers/clock.js';
import { fakeState, systemServer, type Runner } from '../helpers/sandbox.js';
import type { TestServer } from '../helpers/server.js';

export type { Runner } from '../helpers/sandbox.js';

/** A test server for code_host tools, with acme's GitHub state to compute expectations from. */
export async function codeHostServer(): Promise<{
  server: TestServer;
  clock: ManualClock;
  acme: GithubState;
  run: Runner;
}> {
  const { server, clock, run } = await systemServer('code_host');
  return { server, clock, acme: fakeState<GithubState>(server, '/github', 'acme'), run };
}

export const sortedBy = <T>(items: T[], key: (item: T) => string) =>
  [...items].sort((a, b) => key(a).localeCompare(key(b)));
