import { describe, expect, it } from 'vitest';
import { buildSeeds, SANDBOX_EPOCH } from '../../src/sandbox/server.js';
import {
  adfText,
  FIELD_IDS,
  jiraFake,
  projectByKey,
  statusById,
  type AdfNode,
  type IssueRecord,
  type JiraState,
} from '../../src/sandbox/jira/index.js';

/** The seeded Jira sites: the history the metrics read, deterministic and built from the shared people. */
const seeds = buildSeeds(7, 1, SANDBOX_EPOCH);
const acme = jiraFake.seed(seeds.acme);
const globex = jiraFake.seed(seeds.globex);
const DAY = 86_400_000;
const typeName = (state: JiraState, i: IssueRecord) => state.issueTypes.find((t) => t.id === i.issueTypeId)?.name;
const nodes = (node: AdfNode): AdfNode[] => [node, ...(node.content ?? []).flatMap(nodes)];

describe('sites', () => {
  it("is deterministic and uses the workspace's people (myself is the first)", () => {
    expect(JSON.stringify(jiraFake.seed(buildSeeds(7, 1, SANDBOX_EPOCH).acme).issues)).toBe(
      JSON.stringify(acme.issues),
    );
    expect(acme.users.map((u) => [u.accountId, u.emailAddress, u.displayName])).toEqual(
      seeds.acme.people.map((p) => [p.accountId, p.email, p.name]),
    );
    expect(acme.myselfId).toBe(seeds.acme.people[0].accountId);
    expect(acme.projects.map((p) => p.key)).toEqual(['WEB', 'API', 'MOB', 'OPS']);
    expect(globex.projects.map((p) => p.key)).toEqual(['PLAT', 'BILL']);
  });

  it('gives projects their own workflows and story point fields', () => {
    const names = (key: string) => projectByKey(acme, key)!.workflow.statusIds.map((id) => statusById(acme, id)?.name);
    expect(names('WEB')).toEqual(['To Do', 'In Progress', 'Done']);
    expect(names('MOB')).toEqual(['To Do', 'In Progress', 'In Review', 'QA', 'Done']);
    expect(names('OPS')).toEqual(['To Do', 'In Progress', 'Blocked', 'Done']);
    expect(projectByKey(acme, 'WEB')!.storyPointsFieldId).toBe(FIELD_IDS.storyPoints);
    expect(projectByKey(acme, 'OPS')).toMatchObject({
      style: 'next-gen',
      boardType: 'kanban',
      storyPointsFieldId: FIELD_IDS.storyPointEstimate,
    });
  });
});

describe('history', () => {
  it('spans six months of steadily created tickets, most resolved, some in progress', () => {
    for (const project of acme.projects) {
      const issues = acme.issues.filter((i) => i.projectKey === project.key);
      const months = new Set(issues.map((i) => Math.floor((acme.now - i.created) / (30 * DAY))));
      expect([...months].filter((m) => m < 6).length, project.key).toBe(6);
      expect(issues.filter((i) => i.resolutionDate !== null).length).toBeGreaterThan(issues.length / 2);
      expect(
        issues.some((i) => statusById(acme, i.statusId)?.category === 'indeterminate'),
        project.key,
      ).toBe(true);
      for (const issue of issues.filter((i) => i.resolutionDate !== null)) {
        expect(statusById(acme, issue.statusId)?.category).toBe('done');
        const last = issue.histories.filter((h) => h.items.some((item) => item.field === 'status')).at(-1)!;
        expect(last.created).toBe(issue.resolutionDate);
      }
    }
  });

  it('records status changes along each workflow, blocked and flagged spans included', () => {
    const ops = acme.issues.filter((i) => i.projectKey === 'OPS');
    expect(
      ops.some((i) =>
        i.histories.some((h) => h.items.some((item) => item.field === 'status' && item.toString === 'Blocked')),
      ),
    ).toBe(true);
    expect(
      acme.issues.some((i) => i.histories.some((h) => h.items.some((item) => item.fieldId === FIELD_IDS.flagged))),
    ).toBe(true);
    for (const issue of acme.issues) {
      const project = projectByKey(acme, issue.projectKey)!;
      for (const h of issue.histories) {
        for (const item of h.items.filter((x) => x.field === 'status')) {
          expect(
            project.workflow.transitions.some((t) => t.from.includes(item.from!) && t.to === item.to),
            `${issue.key} ${item.fromString} -> ${item.toString}`,
          ).toBe(true);
        }
      }
    }
  });

  it('runs two-week sprints: closed ones with carry-over, one active, one future', () => {
    for (const board of acme.boards.filter((b) => b.type === 'scrum')) {
      const sprints = acme.sprints.filter((s) => s.boardId === board.id);
      expect(sprints.filter((s) => s.state === 'active')).toHaveLength(1);
      expect(sprints.filter((s) => s.state === 'future')).toHaveLength(1);
      expect(sprints.filter((s) => s.state === 'closed').length).toBeGreaterThanOrEqual(11);
      for (const s of sprints.filter((x) => x.startDate !== null)) expect(s.endDate! - s.startDate!).toBe(14 * DAY);
      const carried = acme.issues.filter(
        (i) => i.projectKey === board.projectKey && i.sprintIds.length > 1 && typeName(acme, i) !== 'Subtask',
      );
      expect(carried.length).toBeGreaterThan(0);
      for (const issue of carried) {
        const first = sprints.find((s) => s.id === issue.sprintIds[0])!;
        expect(first.state).toBe('closed');
        expect(issue.resolutionDate === null || issue.resolutionDate > first.completeDate!).toBe(true);
      }
    }
    expect(acme.sprints.some((s) => s.boardId === acme.boards.find((b) => b.type === 'kanban')!.id)).toBe(false);
  });

  it('estimates stories and tasks in points, and has epics with children and subtasks', () => {
    const stories = acme.issues.filter((i) => typeName(acme, i) === 'Story');
    expect(stories.every((i) => i.storyPoints !== null)).toBe(true);
    const epics = acme.issues.filter((i) => typeName(acme, i) === 'Epic');
    expect(epics.filter((e) => acme.issues.some((i) => i.parentKey === e.key)).length).toBeGreaterThan(4);
    const subtasks = acme.issues.filter((i) => typeName(acme, i) === 'Subtask');
    expect(subtasks.length).toBeGreaterThan(10);
    expect(
      subtasks.every((s) => s.parentKey !== null && typeName(acme, acme.byKey.get(s.parentKey)!) === 'Story'),
    ).toBe(true);
  });

  it('releases every two weeks or so, with fix versions, regressions after releases and incidents in both workspaces', () => {
    for (const state of [acme, globex]) {
      for (const project of state.projects.filter((p) => p.boardType === 'scrum')) {
        const versions = state.versions.filter((v) => v.projectId === project.id);
        const released = versions.filter((v) => v.released).map((v) => Date.parse(v.releaseDate!));
        expect(released.length).toBeGreaterThanOrEqual(10);
        for (let i = 1; i < released.length; i++) expect((released[i] - released[i - 1]) / DAY).toBeLessThanOrEqual(17);
        expect(versions.filter((v) => !v.released)).toHaveLength(1);
      }
      const fixed = state.issues.filter((i) => i.fixVersionIds.length > 0);
      expect(fixed.length).toBeGreaterThan(50);
      for (const issue of fixed) {
        const version = state.versions.find((v) => v.id === issue.fixVersionIds[0])!;
        expect(version.releaseDate! >= new Date(issue.resolutionDate!).toISOString().slice(0, 10)).toBe(true);
      }
      const regressions = state.issues.filter((i) => i.affectsVersionIds.length > 0);
      expect(regressions.length).toBeGreaterThan(5);
      for (const bug of regressions) {
        const release = Date.parse(state.versions.find((v) => v.id === bug.affectsVersionIds[0])!.releaseDate!);
        expect(bug.created - release).toBeLessThan(4 * DAY);
      }
      expect(state.issues.some((i) => i.labels.includes('incident') || typeName(state, i) === 'Incident')).toBe(true);
    }
    expect(acme.issues.some((i) => typeName(acme, i) === 'Incident')).toBe(true);
  });

  it('has ADF comments with lists, code, mentions, links and tables, and logged time', () => {
    const types = new Set(acme.issues.flatMap((i) => i.comments.flatMap((c) => nodes(c.body).map((n) => n.type))));
    for (const type of ['paragraph', 'bulletList', 'codeBlock', 'mention', 'table', 'text'])
      expect(types, type).toContain(type);
    expect(
      acme.issues.some((i) =>
        i.comments.some((c) => nodes(c.body).some((n) => n.marks?.some((m) => m.type === 'link'))),
      ),
    ).toBe(true);
    expect(adfText(acme.issues.find((i) => i.description)!.description)).not.toBe('');
    expect(acme.issues.filter((i) => i.worklogs.length > 0).length).toBeGreaterThan(100);
  });
});

describe('scale', () => {
  it('grows to 20 projects and 20,000 tickets for acme at scale 55', () => {
    const large = jiraFake.seed(buildSeeds(7, 55, SANDBOX_EPOCH).acme);
    expect(large.projects).toHaveLength(20);
    expect(large.issues.length).toBeGreaterThan(20_000);
    expect(new Set(large.issues.map((i) => i.key)).size).toBe(large.issues.length);
    expect(large.byKey.size).toBe(large.issues.length);
  });
});
