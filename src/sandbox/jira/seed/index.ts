import type { WorkspaceSeed } from '../../fake-upstream.js';
import type { JiraState, JiraUser, ProjectRecord } from '../state.js';
import {
  blockedWorkflow,
  extraProfile,
  FIELDS,
  ISSUE_TYPES,
  PRIORITIES,
  PROJECT_PROFILES,
  RESOLUTIONS,
  REVIEW_WORKFLOW,
  SCRUM_WORKFLOW,
  STATUSES,
  teamManagedStatuses,
  TYPE,
  type ProjectProfile,
} from './catalog.js';
import { seedProject } from './project.js';

export { PROJECT_PROFILES } from './catalog.js';

/** Tickets of a project of weight 1 at scale 1 (six months). */
export const TICKETS_PER_PROJECT = 90;

/** The projects of a workspace at a scale: the profiles, and more of them as the scale grows. */
export function profilesAt(workspace: string, scale: number): ProjectProfile[] {
  const base = PROJECT_PROFILES[workspace] ?? PROJECT_PROFILES.acme.slice(0, 2);
  const count = Math.max(base.length, Math.round(base.length * Math.max(1, scale) ** 0.4));
  return [...base, ...Array.from({ length: count - base.length }, (_, i) => extraProfile(i))];
}

/** Builds a workspace's Jira site, deterministic from the seed. */
export function seedJira(workspace: WorkspaceSeed): JiraState {
  const { identity, people, now, random, scale } = workspace;
  const users: JiraUser[] = people.map((person) => ({
    accountId: person.accountId,
    displayName: person.name,
    emailAddress: person.email,
    active: true,
    timeZone: person.location === 'Remote' ? 'UTC' : 'Europe/Berlin',
    accountType: 'atlassian',
    personIndex: person.index,
  }));
  const profiles = profilesAt(identity.id, scale);
  const state: JiraState = {
    workspace: identity,
    siteName: `${identity.id}.atlassian.net`,
    users,
    myselfId: people[0].accountId,
    fields: FIELDS,
    priorities: PRIORITIES,
    resolutions: RESOLUTIONS,
    issueTypes: ISSUE_TYPES,
    statuses: [...STATUSES],
    projects: [],
    versions: [],
    boards: [],
    sprints: [],
    issues: [],
    byKey: new Map(),
    nextNumber: {},
    nextId: { issue: 10_000, comment: 10_000, history: 10_000, worklog: 10_000 },
    now,
  };
  const totalWeight = PROJECT_PROFILES[identity.id]?.reduce((n, p) => n + p.weight, 0) ?? profiles.length;
  const perWeight =
    (TICKETS_PER_PROJECT * totalWeight * Math.max(0.1, scale)) / profiles.reduce((n, p) => n + p.weight, 0);
  profiles.forEach((profile, index) => {
    const id = String(10_000 + index);
    let workflow = profile.workflow === 'review' ? REVIEW_WORKFLOW : SCRUM_WORKFLOW;
    if (profile.workflow === 'blocked') {
      const statuses = teamManagedStatuses(id, 10_100 + index * 10);
      state.statuses.push(...statuses);
      workflow = blockedWorkflow(statuses);
    }
    const project: ProjectRecord = {
      id,
      key: profile.key,
      name: profile.name,
      description: profile.description,
      leadAccountId: people[index % Math.min(3, people.length)].accountId,
      style: profile.style,
      workflow,
      issueTypeIds:
        profile.workflow === 'blocked'
          ? [TYPE.task, TYPE.bug, TYPE.incident, TYPE.subtask, TYPE.epic]
          : [TYPE.epic, TYPE.story, TYPE.task, TYPE.bug, TYPE.subtask],
      storyPointsFieldId: profile.storyPointsFieldId,
      boardType: profile.board,
    };
    state.projects.push(project);
    seedProject({
      state,
      profile,
      project,
      random: random.fork(profile.key),
      people: users,
      tickets: Math.max(12, Math.round(perWeight * profile.weight)),
      boardId: index + 1,
    });
  });
  for (const issue of state.issues) state.byKey.set(issue.key, issue);
  return state;
}
