import { SANDBOX_EPOCH } from '../../src/sandbox/server.js';
import type { GithubState } from '../../src/sandbox/github/index.js';
import { HOUR, ManualClock } from '../helpers/clock.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/** A test server whose clock stands 12 hours after the seed's "now", so windows over the seed are stable. */
export async function codeHostServer(): Promise<{ server: TestServer; clock: ManualClock; acme: GithubState; run: Runner }> {
  const clock = new ManualClock(SANDBOX_EPOCH + 12 * HOUR);
  const server = await startTestServer({ clock });
  const run: Runner = (tool, args = {}, tenant = 'acme', email) =>
    server.app.executor.execute(server.callerFor(tenant, email), server.app.registry.find(tool, 'code_host')!, args) as Promise<any>;
  return { server, clock, acme: server.sandbox.state<GithubState>('/github', 'acme'), run };
}

export type Runner = (tool: string, args?: Record<string, unknown>, tenant?: 'acme' | 'globex', email?: string) => Promise<any>;

export const sortedBy = <T>(items: T[], key: (item: T) => string) => [...items].sort((a, b) => key(a).localeCompare(key(b)));
