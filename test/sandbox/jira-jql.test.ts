import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildSeeds, SANDBOX_EPOCH } from '../../src/sandbox/server.js';
import {
  compileJql,
  jiraFake,
  JqlError,
  parseJql,
  runJql,
  statusById,
  type IssueRecord,
} from '../../src/sandbox/jira/index.js';
import { quote } from '../../tools/ticketing/jql.js';

/** The fake's JQL subset: what it parses, what each clause selects, and what it refuses. */
const state = jiraFake.seed(buildSeeds(42, 1, SANDBOX_EPOCH).acme);
const ctx = { state, me: state.myselfId, now: state.now };
const DAY = 86_400_000;
const keys = (issues: IssueRecord[]) => issues.map((i) => i.key).sort();
const category = (i: IssueRecord) => statusById(state, i.statusId)?.category;
const firstSprint = state.sprints.find((s) => s.state === 'closed')!;

describe('string literals', () => {
  it.each([
    ['double quotes', 'summary ~ "checkout page"', 'checkout page'],
    ['single quotes', "summary ~ 'checkout page'", 'checkout page'],
    ['an escaped double quote', 'summary ~ "say \\"hi\\""', 'say "hi"'],
    ['an escaped single quote', "summary ~ 'it\\'s'", "it's"],
    ['a double quote inside single quotes', 'summary ~ \'a "b"\'', 'a "b"'],
    ['an escaped backslash', 'summary ~ "C:\\\\temp"', 'C:\\temp'],
    ['control escapes', 'summary ~ "a\\tb\\nc"', 'a\tb\nc'],
    ['a unicode escape', 'summary ~ "\\u0041BC"', 'ABC'],
    ['an escaped reserved character', 'summary ~ "\\-\\*"', '-*'],
    ['an injection attempt', 'summary ~ "x\\" OR project = \\"OTHER"', 'x" OR project = "OTHER'],
  ])('reads %s', (_name, jql, text) => {
    expect(parseJql(jql).where).toEqual({
      kind: 'clause',
      field: 'summary',
      operator: '~',
      operand: { kind: 'value', value: { type: 'string', text } },
    });
  });

  it("keeps any value quoted by the tools' JQL builder one string (property)", () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (value) => {
        const query = parseJql(`labels = ${quote(value)} AND project = WEB`);
        expect(query.where).toEqual({
          kind: 'and',
          items: [
            {
              kind: 'clause',
              field: 'labels',
              operator: '=',
              operand: { kind: 'value', value: { type: 'string', text: value } },
            },
            {
              kind: 'clause',
              field: 'project',
              operator: '=',
              operand: { kind: 'value', value: { type: 'word', text: 'WEB' } },
            },
          ],
        });
      }),
    );
  });

  it('an injected OR inside a value matches nothing instead of widening the query', () => {
    expect(runJql('project = WEB AND summary ~ "x\\" OR project = \\"API"', ctx)).toEqual([]);
  });
});

describe('what each clause selects', () => {
  const all = state.issues;
  const webIssue = all.find((i) => i.projectKey === 'WEB')!;
  const person = state.users[2].accountId;
  const cases: Array<[string, (i: IssueRecord) => boolean]> = [
    ['project = WEB', (i) => i.projectKey === 'WEB'],
    ['project in (WEB, "API")', (i) => i.projectKey === 'WEB' || i.projectKey === 'API'],
    ['project = "Mobile Apps"', (i) => i.projectKey === 'MOB'],
    ['assignee = currentUser()', (i) => i.assigneeId === state.myselfId],
    [`assignee = "${person}"`, (i) => i.assigneeId === person],
    ['assignee is EMPTY', (i) => i.assigneeId === null],
    ['assignee is not EMPTY AND project = OPS', (i) => i.assigneeId !== null && i.projectKey === 'OPS'],
    [`reporter = ${person}`, (i) => i.reporterId === person],
    ['status = "In Progress"', (i) => statusById(state, i.statusId)?.name === 'In Progress'],
    ['status in ("To Do", Blocked)', (i) => ['To Do', 'Blocked'].includes(statusById(state, i.statusId)?.name ?? '')],
    ['statusCategory != Done', (i) => category(i) !== 'done'],
    ['statusCategory = "In Progress"', (i) => category(i) === 'indeterminate'],
    ['labels = incident', (i) => i.labels.includes('incident')],
    ['labels in (frontend, backend)', (i) => i.labels.includes('frontend') || i.labels.includes('backend')],
    ['issuetype = Bug', (i) => i.issueTypeId === '10003'],
    ['type in (Story, Task)', (i) => i.issueTypeId === '10001' || i.issueTypeId === '10002'],
    [
      'sprint in openSprints()',
      (i) => i.sprintIds.some((id) => state.sprints.find((s) => s.id === id)?.state !== 'closed'),
    ],
    [`sprint = ${firstSprint.id}`, (i) => i.sprintIds.includes(firstSprint.id)],
    ['created >= -30d', (i) => i.created >= state.now - 30 * DAY],
    ['updated < "2026-09-01"', (i) => i.updated < Date.UTC(2026, 8, 1)],
    [
      'resolved >= "2026-10-01 12:00"',
      (i) => i.resolutionDate !== null && i.resolutionDate >= Date.UTC(2026, 9, 1, 12),
    ],
    ['resolved is EMPTY', (i) => i.resolutionDate === null],
    ['resolution = Done', (i) => i.resolutionId === '10000'],
    [
      'text ~ "checkout"',
      (i) =>
        JSON.stringify([i.summary, i.description, i.comments.map((c) => c.body)])
          .toLowerCase()
          .includes('checkout'),
    ],
    ['summary ~ "Fix"', (i) => i.summary.toLowerCase().includes('fix')],
    [`key = ${webIssue.key}`, (i) => i.key === webIssue.key],
    [`issuekey in (${webIssue.key})`, (i) => i.key === webIssue.key],
    ['project in (WEB, API) AND NOT project = WEB', (i) => i.projectKey === 'API'],
    [
      '(project = WEB OR project = MOB) AND issuetype = Bug',
      (i) => (i.projectKey === 'WEB' || i.projectKey === 'MOB') && i.issueTypeId === '10003',
    ],
    [
      'project = WEB and not (statusCategory = Done or assignee is empty)',
      (i) => i.projectKey === 'WEB' && category(i) !== 'done' && i.assigneeId !== null,
    ],
    ['cf[10016] >= 5', (i) => i.projectKey !== 'OPS' && (i.storyPoints ?? -1) >= 5],
    ['"Story point estimate" is not EMPTY', (i) => i.projectKey === 'OPS' && i.storyPoints !== null],
  ];

  it.each(cases)('%s', (jql, predicate) => {
    const expected = all.filter(predicate);
    expect(keys(runJql(jql, ctx))).toEqual(keys(expected));
  });

  it('selects something in most cases (the table tests real data)', () => {
    const empty = cases.filter(([jql]) => runJql(jql, ctx).length === 0).map(([jql]) => jql);
    expect(empty.length).toBeLessThanOrEqual(2);
  });

  it('orders by ORDER BY terms, newest first by default', () => {
    const byCreated = runJql('project = WEB ORDER BY created ASC', ctx);
    expect(byCreated.map((i) => i.created)).toEqual([...byCreated.map((i) => i.created)].sort((a, b) => a - b));
    const byKey = runJql('project = API ORDER BY key DESC', ctx).map((i) => Number(i.key.split('-')[1]));
    expect(byKey).toEqual([...byKey].sort((a, b) => b - a));
    const unordered = runJql('project = API', ctx).map((i) => Number(i.id));
    expect(unordered).toEqual([...unordered].sort((a, b) => b - a));
  });
});

describe('refusals', () => {
  it.each([
    ['project = ', /Expecting either a value/],
    ['project = WEB AND', /Expecting a field name/],
    ['project = WEB project = API', /Expecting either 'OR' or 'AND'/],
    ['(project = WEB', /Expecting '\)'/],
    ['project == WEB', /Expecting either a value/],
    ['summary ~ "open', /not terminated/],
    ['summary ~ "\\u12"', /illegal JQL escape/],
    ['project = WEB & labels = x', /reserved JQL character/],
    ['foo = bar', /Field 'foo' does not exist/],
    ['status = Nope', /The value 'Nope' does not exist for the field 'status'/],
    ['assignee = membersOf(devs)', /Unable to find JQL function/],
    ['created >= yesterday', /Date value 'yesterday' for field 'created' is invalid/],
    ['status changed', /operator 'CHANGED'/],
    ['project = WEB ORDER BY votes', /Not able to sort using field 'votes'/],
    ['labels > x', /operator '>' is not supported/],
  ])('%s', (jql, message) => {
    expect(() => compileJql(jql, ctx)).toThrow(JqlError);
    expect(() => compileJql(jql, ctx)).toThrow(message);
  });
});
