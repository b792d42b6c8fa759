import type { Random } from '../../seed/random.js';
import {
  FIELD_IDS,
  type ChangeItem,
  type IssueRecord,
  type JiraState,
  type JiraUser,
  type ProjectRecord,
  type SprintRecord,
  type VersionRecord,
} from '../state.js';
import { TYPE, type ProjectProfile } from './catalog.js';
import { commentOf, descriptionOf, summaryOf } from './content.js';
import { DAY, HOUR, walkTicket } from './walk.js';

/** Six months of one project: its board, sprints, releases and tickets with their histories. */

export const HISTORY_DAYS = 182;
const SPRINT_DAYS = 14;
const POINTS = [1, 2, 3, 3, 5, 5, 8, 13];

interface ProjectSeed {
  state: JiraState;
  profile: ProjectProfile;
  project: ProjectRecord;
  random: Random;
  people: JiraUser[];
  tickets: number;
  boardId: number;
}

interface Pace {
  queue: [number, number];
  work: [number, number];
}

const PACE: Record<string, Pace> = {
  [TYPE.story]: { queue: [0.5, 10], work: [1, 8] },
  [TYPE.task]: { queue: [1, 12], work: [0.5, 6] },
  [TYPE.bug]: { queue: [0.2, 5], work: [0.5, 4] },
  [TYPE.incident]: { queue: [0, 0.05], work: [0.05, 1] },
  [TYPE.subtask]: { queue: [0, 3], work: [0.3, 2] },
  [TYPE.epic]: { queue: [0, 15], work: [30, 80] },
};

const day = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

function seedSprints(seed: ProjectSeed): SprintRecord[] {
  const { state, project, random, boardId } = seed;
  const activeStart = Math.floor((state.now - random.int(1, 12) * DAY) / HOUR) * HOUR;
  const count = Math.floor(HISTORY_DAYS / SPRINT_DAYS);
  const sprints: SprintRecord[] = [];
  for (let k = -count + 1; k <= 1; k++) {
    const start = activeStart + k * SPRINT_DAYS * DAY;
    const end = start + SPRINT_DAYS * DAY;
    const number = count + k;
    sprints.push({
      id: state.sprints.length + sprints.length + 1,
      boardId,
      name: `${project.key} Sprint ${number}`,
      state: k < 0 ? 'closed' : k === 0 ? 'active' : 'future',
      goal: k === 1 ? '' : `Sprint ${number} goal for ${project.name}`,
      startDate: k === 1 ? null : start,
      endDate: k === 1 ? null : end,
      completeDate: k < 0 ? end + random.int(0, 6) * HOUR : null,
    });
  }
  return sprints;
}

function seedVersions(seed: ProjectSeed, start: number): VersionRecord[] {
  const { state, project } = seed;
  const versions: VersionRecord[] = [];
  for (let at = start + 10 * DAY, minor = 0; ; at += SPRINT_DAYS * DAY, minor++) {
    const released = at <= state.now;
    versions.push({
      id: String(10_000 + state.versions.length + versions.length),
      projectId: project.id,
      name: `${project.key === 'MOB' ? '3' : '1'}.${minor}.0`,
      description: released ? `Release ${minor} of ${project.name}` : `Next release of ${project.name}`,
      released,
      archived: false,
      startDate: day(at - SPRINT_DAYS * DAY),
      releaseDate: day(at),
    });
    if (!released) break;
  }
  return versions;
}

const sprintItem = (before: SprintRecord[], after: SprintRecord[]): ChangeItem => ({
  field: 'Sprint',
  fieldtype: 'custom',
  fieldId: FIELD_IDS.sprint,
  from: before.length ? before.map((s) => s.id).join(', ') : null,
  fromString: before.length ? before.map((s) => s.name).join(', ') : null,
  to: after.map((s) => s.id).join(', '),
  toString: after.map((s) => s.name).join(', '),
});

/** The sprints a ticket went through: the one it started in, then each it was carried over into. */
function sprintsOf(
  sprints: SprintRecord[],
  random: Random,
  created: number,
  startedAt: number | null,
  resolvedAt: number | null,
  now: number,
): SprintRecord[] {
  const active = sprints.findIndex((s) => s.state === 'active');
  if (startedAt === null) {
    if (created < (sprints[active].startDate as number) - 7 * DAY) return [];
    const roll = random.int(0, 2);
    return roll === 0 ? [] : [sprints[roll === 1 ? active : active + 1]];
  }
  let index = sprints.findIndex((s) => s.startDate !== null && s.endDate !== null && startedAt < s.endDate);
  if (index < 0) index = active;
  const path = [sprints[index]];
  while (sprints[index].state === 'closed' && (resolvedAt ?? now + 1) > (sprints[index].completeDate as number)) {
    index++;
    path.push(sprints[index]);
  }
  return path;
}

/** Adds the project's board, sprints, releases and tickets to the state. */
export function seedProject(seed: ProjectSeed): void {
  const { state, profile, project, random, tickets, boardId } = seed;
  const now = state.now;
  const start = now - HISTORY_DAYS * DAY;
  const team = random.sample(seed.people, Math.min(seed.people.length, 6));
  state.boards.push({
    id: boardId,
    name: `${project.key} board`,
    type: profile.board,
    projectKey: project.key,
    estimationFieldId: project.storyPointsFieldId,
  });
  const sprints = profile.board === 'scrum' ? seedSprints(seed) : [];
  state.sprints.push(...sprints);
  const versions = profile.releases ? seedVersions(seed, start) : [];
  state.versions.push(...versions);
  const released = versions.filter((v) => v.released);
  state.nextNumber[project.key] = 1;

  const epics: IssueRecord[] = [];
  const addIssue = (
    typeId: string,
    created: number,
    parent: IssueRecord | null,
    affects: VersionRecord | null,
  ): IssueRecord => {
    const type = state.issueTypes.find((t) => t.id === typeId) as { name: string };
    const topic = random.pick(profile.topics);
    const reporter = random.pick(team);
    const assignee = random.chance(0.9) ? random.pick(team) : null;
    const pace = PACE[typeId] ?? PACE[TYPE.task];
    const backlog = typeId !== TYPE.incident && random.chance(0.08);
    // Some work drags on for weeks: it is most of what is in progress at any moment.
    const slow = typeId !== TYPE.epic && typeId !== TYPE.incident && random.chance(0.12);
    const work: [number, number] = slow ? [pace.work[1] * 2, pace.work[1] * 5] : pace.work;
    const walk = walkTicket(
      state,
      project.workflow,
      random,
      created,
      now,
      backlog ? { queue: [200, 300], work } : { queue: pace.queue, work },
      profile.board === 'scrum',
    );
    const number = state.nextNumber[project.key]++;
    const issue: IssueRecord = {
      id: String(state.nextId.issue++),
      key: `${project.key}-${number}`,
      projectKey: project.key,
      issueTypeId: typeId,
      summary: summaryOf(random, type.name, topic),
      description: random.chance(0.85) ? descriptionOf(random, type.name, topic) : null,
      statusId: walk.statusId,
      priorityId:
        typeId === TYPE.incident
          ? random.pick(['1', '2'])
          : typeId === TYPE.bug
            ? random.pick(['2', '3', '3', '4'])
            : random.pick(['2', '3', '3', '3', '4', '5']),
      assigneeId: assignee?.accountId ?? null,
      reporterId: reporter.accountId,
      creatorId: reporter.accountId,
      // A regression found right after a release is an incident a third of the time (change failure).
      labels:
        typeId === TYPE.incident || (affects && random.chance(0.35))
          ? ['incident']
          : random.chance(0.4)
            ? [random.pick(['frontend', 'backend', 'tech-debt', 'customer', 'performance', 'security'])]
            : [],
      created,
      updated: created,
      resolutionId: walk.resolvedAt === null ? null : '10000',
      resolutionDate: walk.resolvedAt,
      storyPoints:
        typeId === TYPE.story || typeId === TYPE.task || (typeId === TYPE.bug && random.chance(0.5))
          ? random.pick(POINTS)
          : null,
      sprintIds: [],
      fixVersionIds: [],
      affectsVersionIds: affects ? [affects.id] : [],
      parentKey: parent?.key ?? null,
      flagged: walk.flagged,
      histories: [],
      comments: [],
      worklogs: [],
    };
    const author = () => (issue.assigneeId && random.chance(0.7) ? issue.assigneeId : random.pick(team).accountId);
    const history = (at: number, items: ChangeItem[], authorId = author()) =>
      issue.histories.push({ id: String(state.nextId.history++), authorId, created: at, items });
    for (const step of walk.steps) history(step.at, step.items);
    if (sprints.length && typeId !== TYPE.epic) {
      const path =
        parent && typeId === TYPE.subtask
          ? sprints.filter((s) => parent.sprintIds.includes(s.id))
          : sprintsOf(sprints, random, created, walk.startedAt, walk.resolvedAt, now);
      issue.sprintIds = path.map((s) => s.id);
      path.forEach((sprint, i) => {
        const at =
          i === 0
            ? Math.max(created + HOUR, Math.min(sprint.startDate ?? now, walk.startedAt ?? now) - HOUR)
            : (path[i - 1].completeDate as number);
        if (at <= now) history(at, [sprintItem(path.slice(0, i), path.slice(0, i + 1))], project.leadAccountId);
      });
    }
    if (walk.resolvedAt !== null && typeId !== TYPE.epic && versions.length) {
      const fix =
        versions.find((v) => (v.releaseDate as string) >= day(walk.resolvedAt as number)) ??
        versions[versions.length - 1];
      issue.fixVersionIds = [fix.id];
    }
    const end = Math.min(now, walk.resolvedAt === null ? now : walk.resolvedAt + DAY);
    for (let c = random.int(0, typeId === TYPE.incident ? 4 : 3); c > 0; c--) {
      const at = created + random.next() * (end - created);
      issue.comments.push({
        id: String(state.nextId.comment++),
        authorId: author(),
        body: commentOf(random, topic, random.pick(seed.people)),
        created: at,
        updated: at,
      });
    }
    issue.comments.sort((a, b) => a.created - b.created);
    if (walk.startedAt !== null && typeId !== TYPE.epic) {
      for (let w = random.int(1, 3); w > 0; w--) {
        const at = walk.startedAt + random.next() * (end - walk.startedAt);
        issue.worklogs.push({
          id: String(state.nextId.worklog++),
          authorId: issue.assigneeId ?? author(),
          started: at,
          timeSpentSeconds: random.int(1, 16) * 1800,
        });
      }
      issue.worklogs.sort((a, b) => a.started - b.started);
    }
    issue.histories.sort((a, b) => a.created - b.created);
    issue.updated = Math.max(created, issue.histories.at(-1)?.created ?? 0, issue.comments.at(-1)?.created ?? 0);
    state.issues.push(issue);
    return issue;
  };

  const epicCount =
    profile.workflow === 'blocked' ? Math.max(1, Math.round(tickets / 40)) : Math.max(2, Math.round(tickets / 20));
  for (let e = 0; e < epicCount; e++)
    epics.push(
      addIssue(TYPE.epic, start + (e * HISTORY_DAYS * DAY) / (epicCount + 1) + random.next() * DAY, null, null),
    );
  const span = HISTORY_DAYS * DAY;
  const remaining = Math.max(0, tickets - epicCount);
  for (let i = 0; i < remaining; i++) {
    let created = start + ((i + random.next()) * span) / remaining;
    const roll = random.next();
    let typeId: string;
    let affects: VersionRecord | null = null;
    if (profile.workflow === 'blocked') typeId = roll < 0.2 ? TYPE.incident : roll < 0.4 ? TYPE.bug : TYPE.task;
    else typeId = roll < 0.5 ? TYPE.story : roll < 0.72 ? TYPE.task : TYPE.bug;
    if (typeId === TYPE.bug && released.length && random.chance(0.4)) {
      affects = random.pick(released);
      created = Date.parse(`${affects.releaseDate}T09:00:00Z`) + random.next() * 3 * DAY;
      if (created > now) created = now - HOUR;
    }
    const parentEpic =
      typeId !== TYPE.incident && random.chance(0.6)
        ? (epics.filter((e) => e.created <= created).at(-1) ?? null)
        : null;
    const issue = addIssue(typeId, created, parentEpic, affects);
    if (typeId === TYPE.story && random.chance(0.2)) {
      for (let s = random.int(1, 3); s > 0; s--)
        addIssue(TYPE.subtask, Math.min(now - HOUR, created + random.next() * 2 * DAY), issue, null);
    }
  }
}
