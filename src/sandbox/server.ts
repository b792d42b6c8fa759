import express from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { systemClock, type Clock } from '../toolkit/context.js';
import { WORKSPACE_IDS, type WorkspaceId } from './credentials.js';
import type { FakeContext, FakeUpstream, WorkspaceSeed } from './fake-upstream.js';
import { controlApi, type ControlApiGuard } from './control-api.js';
import { FaultInjector } from './faults.js';
import { generatePeople, WORKSPACES } from './seed/people.js';
import { Random } from './seed/random.js';

export interface SandboxOptions {
  port?: number;
  host?: string;
  /** Seed of the deterministic generator (default 42). */
  seed?: number;
  /** Size multiplier of the generated data (default 1). */
  scale?: number;
  /** The seed's "now" in ms; defaults to a fixed date so data is identical across runs. */
  now?: number;
  clock?: Clock;
  /**
   * Whether a workspace that spent an upstream's budget is refused (default `enforce`, as the upstreams
   * do). Windows renew on `clock`, so a clock that stands still never renews them: use `count` there.
   */
  rateLimits?: 'enforce' | 'count';
  /** Hosts and origins the fault-injection API answers besides loopback (see `ControlApiGuard`). */
  controlApi?: Omit<ControlApiGuard, 'host'>;
}

export interface Sandbox {
  /** Origin of the sandbox, without a trailing slash. */
  url: string;
  /** Base URL of one upstream, e.g. `urlOf('/github')`. */
  urlOf(prefix: string): string;
  faults: FaultInjector;
  /** Prefixes of the fakes this sandbox serves, e.g. `/github`. */
  prefixes: string[];
  /** The seeded state of each fake, by prefix and workspace, for tests that compute expectations. */
  state<S>(prefix: string, workspace: WorkspaceId): S;
  seeds: Record<WorkspaceId, WorkspaceSeed>;
  close(): Promise<void>;
}

/** Fixed "now" of the seed: 2026-11-01T00:00:00Z. Tests compute expectations from it. */
export const SANDBOX_EPOCH = Date.UTC(2026, 10, 1);

export function buildSeeds(seed: number, scale: number, now: number): Record<WorkspaceId, WorkspaceSeed> {
  const root = new Random(seed);
  const seeds = {} as Record<WorkspaceId, WorkspaceSeed>;
  for (const identity of WORKSPACES) {
    const random = root.fork(identity.id);
    seeds[identity.id as WorkspaceId] = {
      identity,
      people: generatePeople(identity, random.fork('people'), scale),
      random,
      scale,
      now,
    };
  }
  return seeds;
}

/** Starts the given fakes on one HTTP origin (in demo mode, every integration's: see src/demo/environment.ts). */
export async function startSandbox(options: SandboxOptions, upstreams: readonly FakeUpstream[]): Promise<Sandbox> {
  const seeds = buildSeeds(options.seed ?? 42, options.scale ?? 1, options.now ?? SANDBOX_EPOCH);
  const faults = new FaultInjector();
  const app = express();
  app.disable('x-powered-by');
  let origin = '';
  const ctx: FakeContext = {
    origin: () => origin,
    clock: options.clock ?? systemClock,
    rateLimits: options.rateLimits ?? 'enforce',
  };
  const states = new Map<string, Record<WorkspaceId, unknown>>();

  app.use(faults.middleware());
  app.use('/_sandbox', controlApi(faults, { ...options.controlApi, host: options.host }));
  for (const upstream of upstreams) {
    // Each workspace's state is seeded on first use: a start (an MCP host spawning the demo) pays only
    // for the fakes it touches. The random stream is forked now, so the seed is the same whenever it runs.
    const perWorkspace = {} as Record<WorkspaceId, unknown>;
    for (const id of WORKSPACE_IDS) {
      const workspace: WorkspaceSeed = {
        ...seeds[id],
        random: seeds[id].random.fork(upstream.prefix),
        peer: <S>(prefix: string) => states.get(prefix)?.[id] as S | undefined,
      };
      let seeded: unknown;
      Object.defineProperty(perWorkspace, id, { enumerable: true, get: () => (seeded ??= upstream.seed(workspace)) });
    }
    states.set(upstream.prefix, perWorkspace);
    app.use(upstream.prefix, upstream.router(perWorkspace, ctx));
  }
  app.use((req, res) => res.status(404).json({ message: 'Not Found', path: req.path }));

  const server: Server = await new Promise((resolve) => {
    const s = app.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve(s));
  });
  const address = server.address() as AddressInfo;
  origin = `http://${address.address}:${address.port}`;
  return {
    url: origin,
    urlOf: (prefix) => origin + prefix,
    faults,
    prefixes: upstreams.map((u) => u.prefix),
    state: <S>(prefix: string, workspace: WorkspaceId) => states.get(prefix)?.[workspace] as S,
    seeds,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
