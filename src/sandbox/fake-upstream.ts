import type { Router } from 'express';
import type { Clock } from '../toolkit/context.js';
import type { WorkspaceIdentity, Person } from './seed/people.js';
import type { Random } from './seed/random.js';
import type { WorkspaceId } from './credentials.js';

/** What every fake sees of one seeded workspace. */
export interface WorkspaceSeed {
  identity: WorkspaceIdentity;
  people: Person[];
  random: Random;
  /** Benchmarks raise this to grow the data set; 1 is the demo and test size. */
  scale: number;
  /** The seed's "now": history is generated backwards from it. */
  now: number;
  /**
   * Another fake's seeded state of the same workspace (undefined when the sandbox does not serve it), so
   * a seed can refer to another system's records (GitHub pull requests naming Jira tickets).
   */
  peer?: <S>(prefix: string) => S | undefined;
}

export interface FakeContext {
  /** Absolute origin of the sandbox, e.g. `http://127.0.0.1:4010` (known once listening). */
  origin(): string;
  clock: Clock;
  /** `count` keeps rate-limit headers but never refuses (benchmarks on a clock that stands still). */
  rateLimits: 'enforce' | 'count';
}

/**
 * One faked upstream API mounted under a prefix of the sandbox. Each system's folder
 * (`src/sandbox/<upstream>/`) exports one of these.
 */
export interface FakeUpstream<State = unknown> {
  /** Mount prefix, e.g. `/github`. */
  prefix: string;
  /** Builds the workspace's data set, deterministic from the seed. */
  seed(workspace: WorkspaceSeed): State;
  /** The routes, answering from the states of both workspaces. */
  router(states: Record<WorkspaceId, State>, ctx: FakeContext): Router;
}
