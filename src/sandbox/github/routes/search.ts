import type { Router } from 'express';
import { handle, paginate, query, validationFailed } from './context.js';
import { issue as issueJson } from '../serializers/issues.js';
import type { IssueRecord, RepoRecord } from '../state.js';
import { dateRange } from './actions.js';

const DOCS = 'https://docs.github.com/rest/search/search#search-issues-and-pull-requests';

type Hit = { repo: RepoRecord; issue: IssueRecord };
type Test = (hit: Hit) => boolean;

const same = (a: string | null | undefined, b: string) => (a ?? '').toLowerCase() === b.toLowerCase();

/** One qualifier of GitHub's issue search syntax as a predicate; undefined when not supported. */
function qualifier(name: string, value: string): Test | undefined {
  const v = value.replace(/^"|"$/g, '');
  switch (name) {
    case 'is':
    case 'type':
      if (v === 'pr' || v === 'pull-request') return ({ issue }) => issue.pull !== undefined;
      if (v === 'issue') return ({ issue }) => issue.pull === undefined;
      if (v === 'open' || v === 'closed') return ({ issue }) => issue.state === v;
      if (v === 'merged') return ({ issue }) => issue.pull?.merged === true;
      if (v === 'unmerged')
        return ({ issue }) => issue.pull !== undefined && !issue.pull.merged && issue.state === 'closed';
      if (v === 'draft') return ({ issue }) => issue.pull?.draft === true;
      return undefined;
    case 'state':
      return ({ issue }) => issue.state === v;
    case 'author':
      return ({ issue }) => same(issue.user, v);
    case 'assignee':
      return ({ issue }) => issue.assignees.some((a) => same(a, v));
    case 'review-requested':
      return ({ issue }) => issue.pull?.requestedReviewers.some((r) => same(r, v)) ?? false;
    case 'reviewed-by':
      return ({ issue }) => issue.pull?.reviews.some((r) => same(r.user, v)) ?? false;
    case 'involves':
      return ({ issue }) =>
        same(issue.user, v) || issue.assignees.some((a) => same(a, v)) || issue.comments.some((c) => same(c.user, v));
    case 'label':
      return ({ issue }) => v.split(',').some((l) => issue.labels.some((name) => same(name, l)));
    case 'repo':
      return ({ repo }) => same(repo.fullName, v);
    case 'org':
    case 'user':
      return ({ repo }) => same(repo.owner, v);
    case 'archived':
      return ({ repo }) => repo.archived === (v === 'true');
    case 'created':
    case 'updated':
    case 'closed':
    case 'merged': {
      const inRange = dateRange(v);
      const at = (issue: IssueRecord) =>
        name === 'created'
          ? issue.createdAt
          : name === 'updated'
            ? issue.updatedAt
            : name === 'closed'
              ? issue.closedAt
              : (issue.pull?.mergedAt ?? null);
      return ({ issue }) => at(issue) !== null && inRange(at(issue) as number);
    }
    default:
      return undefined;
  }
}

/** `GET /search/issues`: the qualifiers agents use to find work (is, state, author, assignee, review-requested, reviewed-by, label, repo, org, dates), negation with `-`, and free text in titles and bodies. */
export function searchRoutes(router: Router): void {
  router.get(
    '/search/issues',
    handle(DOCS, (req, res, gh) => {
      const q = query(req, 'q')?.trim();
      if (!q) throw validationFailed({ resource: 'Search', field: 'q', code: 'missing' });
      const tests: Test[] = [];
      const words: string[] = [];
      for (const token of q.match(/-?[\w-]+:"[^"]*"|"[^"]*"|\S+/g) ?? []) {
        const match = token.match(/^(-?)([\w-]+):(.+)$/);
        const test = match ? qualifier(match[2].toLowerCase(), match[3]) : undefined;
        if (match && test) tests.push(match[1] ? (hit) => !test(hit) : test);
        else if (match) throw validationFailed({ resource: 'Search', field: 'q', code: 'invalid', value: token });
        else words.push(token.replace(/^"|"$/g, '').toLowerCase());
      }
      const hits = gh.state.repos
        .flatMap((repo) => repo.issues.map((issue) => ({ repo, issue })))
        .filter((hit) => tests.every((test) => test(hit)))
        .filter(({ issue }) => words.every((w) => `${issue.title}\n${issue.body ?? ''}`.toLowerCase().includes(w)));
      const sort = query(req, 'sort');
      const sign = query(req, 'order') === 'asc' ? 1 : -1;
      const key = (hit: Hit): number =>
        sort === 'created'
          ? hit.issue.createdAt
          : sort === 'comments'
            ? hit.issue.comments.length
            : hit.issue.updatedAt;
      hits.sort((a, b) => sign * (key(a) - key(b)) || b.issue.id - a.issue.id);
      const items = paginate(req, res, hits, gh).map(({ repo, issue }) => ({
        ...issueJson(gh.view, repo, issue),
        score: 1,
      }));
      res.json({ total_count: hits.length, incomplete_results: false, search_type: 'lexical', items });
    }),
  );
}
