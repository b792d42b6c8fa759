import type { Random } from '../../seed/random.js';
import type { GithubState, IssueRecord, RepoRecord, RunRecord } from '../state.js';
import type { RepoProfile } from './catalog.js';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
/** How far back the generated history goes. */
export const HISTORY_DAYS = 180;

export const BOTS = {
  dependabot: 'dependabot[bot]',
  actions: 'github-actions[bot]',
  webFlow: 'web-flow',
} as const;

/** Everything the generators of one repository share. */
export interface RepoSeedContext {
  state: GithubState;
  repo: RepoRecord;
  profile: RepoProfile;
  random: Random;
  now: number;
  scale: number;
  /** Logins of the people working on this repository. */
  team: string[];
  /** Logins of the team's leads (reviewers, mergers, on-call). */
  leads: string[];
  /** Logins of every person of the workspace. */
  everyone: string[];
}

/** A planned pull request: its issue record (number assigned later) and what the commit graph needs. */
export interface PullPlan {
  issue: IssueRecord & { pull: NonNullable<IssueRecord['pull']> };
  /** Author dates of the PR's commits, ascending (later ones answer reviews). */
  commitTimes: number[];
  files: string[];
  fate: 'open' | 'merged' | 'closed';
  /** CI conclusion of each PR commit's run. */
  checks: ('success' | 'failure')[];
}

export interface DeploymentPlan {
  environment: 'staging' | 'production';
  createdAt: number;
  finishedAt: number;
  outcome: 'success' | 'failure' | 'error';
  /** The merge that is deployed; for a rollback, the plan it goes back to. */
  source: PullPlan | DeploymentPlan;
  rollback: boolean;
  creator: string;
  run?: RunRecord;
  id?: number;
  sha?: string;
}

/** Seconds precision, as GitHub keeps timestamps. */
export function sec(ms: number): number {
  return Math.floor(ms / 1000) * 1000;
}

export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** A skewed duration between `min` and `max` ms: most values are short, a few are long. */
export function skewed(random: Random, min: number, max: number, power = 2): number {
  return min + Math.pow(random.next(), power) * (max - min);
}
