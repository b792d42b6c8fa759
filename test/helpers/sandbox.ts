import type { WorkspaceId } from '../../src/sandbox/credentials.js';
import { SANDBOX_EPOCH, type Sandbox } from '../../src/sandbox/server.js';
import { expect } from 'vitest';
import { HOUR, ManualClock } from './clock.js';
import { OutputChecker } from './output-schemas.js';
import { startTestServer, type TestServer, type TestServerOptions } from './server.js';

/** Runs a tool of one system as a demo user of a workspace, through the executor (no HTTP envelope). */
export type Runner = (
  tool: string,
  args?: Record<string, unknown>,
  tenant?: WorkspaceId,
  email?: string,
) => Promise<any>;

export function toolRunner(server: TestServer, system: string): Runner {
  return (tool, args = {}, tenant = 'acme', email) => {
    const definition = server.app.registry.find(tool, system);
    if (!definition) throw new Error(`no tool ${system}.${tool}`);
    return server.app.executor.execute(server.callerFor(tenant, email), definition, args) as Promise<any>;
  };
}

/**
 * A runner whose every result must agree with the tool's declared output schema, as MCP clients check it.
 * Pass a checker to read afterwards which tools had a result checked.
 */
export function checkedRunner(
  server: TestServer,
  system: string,
  checker = new OutputChecker(() => server.app.registry),
): Runner {
  const execute = toolRunner(server, system);
  return async (tool, args, tenant, email) => {
    const result: unknown = await execute(tool, args, tenant, email);
    const definition = server.app.registry.find(tool, system);
    if (definition)
      expect(checker.problems(definition, result), `${system}_${tool} ${JSON.stringify(args ?? {})}`).toEqual([]);
    return result;
  };
}

/** The seeded (and since changed) state of one fake for one workspace, e.g. `fakeState<GithubState>(server, '/github')`. */
export function fakeState<S>(holder: { sandbox: Sandbox }, prefix: string, workspace: WorkspaceId = 'acme'): S {
  const state = holder.sandbox.state<S>(prefix, workspace);
  if (state === undefined) throw new Error(`the sandbox serves no fake at ${prefix}`);
  return state;
}

/** Base URL of one fake, for an official SDK's `baseUrl`. */
export function upstreamUrl(holder: { sandbox: Sandbox }, prefix: string): string {
  return holder.sandbox.urlOf(prefix);
}

export interface SystemServer {
  server: TestServer;
  clock: ManualClock;
  run: Runner;
}

/**
 * A whole test server for the tests of one system, its clock standing `hoursAfterSeed` (default 12) after
 * the seed's "now" so time windows over the seeded history are stable.
 */
export async function systemServer(
  system: string,
  options: TestServerOptions & { hoursAfterSeed?: number } = {},
): Promise<SystemServer> {
  const { hoursAfterSeed = 12, ...rest } = options;
  const clock = new ManualClock(SANDBOX_EPOCH + hoursAfterSeed * HOUR);
  const server = await startTestServer({ clock, ...rest });
  return { server, clock, run: toolRunner(server, system) };
}
