/**
 * The normalized history of one ticket: what every ticketing metric is computed from. It is built
 * from a Jira issue with its changelog (see normalize.ts) and holds plain epoch milliseconds, so the
 * metric functions are pure and testable without an upstream.
 */

/** Jira's three status categories: to do (`new`), in progress (`indeterminate`) and `done`. */
export type StatusCategory = 'new' | 'indeterminate' | 'done';

export interface StatusRef {
  name: string;
  category: StatusCategory;
}

export interface Person {
  accountId: string;
  displayName: string;
}

/** One status change from the changelog. */
export interface StatusChange {
  at: number;
  from: StatusRef | null;
  to: StatusRef;
}

/** One change of the Flagged field (Jira's impediment flag) from the changelog. */
export interface FlagChange {
  at: number;
  flagged: boolean;
}

/** A sprint the ticket belongs or belonged to (Jira keeps every sprint in the Sprint field). */
export interface SprintRef {
  id: number;
  name: string;
  state: string;
}

type TypeKind = 'bug' | 'story' | 'task' | 'epic' | 'subtask' | 'incident' | 'other';

export interface TicketHistory {
  key: string;
  project: string;
  summary: string;
  /** Issue type name as Jira spells it (Bug, Story, Task, Sub-task, Epic...). */
  type: string;
  kind: TypeKind;
  priority: string | null;
  labels: string[];
  status: StatusRef;
  assignee: Person | null;
  reporter: Person | null;
  created: number;
  /** When the ticket was resolved (resolution date); null while it is not. */
  resolved: number | null;
  /** The project's own story point field; null when not estimated. */
  storyPoints: number | null;
  /** Whether the ticket is flagged now. */
  flagged: boolean;
  /** Status changes, oldest first. */
  statusChanges: StatusChange[];
  /** Flagged changes, oldest first. */
  flagChanges: FlagChange[];
  /** Ids of the project versions the ticket is fixed in. */
  fixVersions: string[];
  /** Ids of the project versions the ticket affects (a bug found in a release). */
  affectsVersions: string[];
  sprints: SprintRef[];
  /** Work logged on the ticket, per author. */
  worklogs: Array<{ author: string; started: number; seconds: number }>;
}

/** A project version (release). `releaseDate` is the day it shipped, as Jira stores it (YYYY-MM-DD). */
export interface VersionRecord {
  id: string;
  project: string;
  name: string;
  released: boolean;
  releaseDate: string | null;
}

/** Issue type names to the kinds the metrics count. Case-insensitive. */
export function kindOf(typeName: string, subtask = false): TypeKind {
  const name = typeName.trim().toLowerCase();
  if (subtask || name === 'sub-task' || name === 'subtask') return 'subtask';
  if (name === 'bug' || name === 'defect') return 'bug';
  if (name === 'story' || name === 'user story') return 'story';
  if (name === 'task') return 'task';
  if (name === 'epic') return 'epic';
  if (name === 'incident') return 'incident';
  return 'other';
}
