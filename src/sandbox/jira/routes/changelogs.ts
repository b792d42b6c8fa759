import type { Router } from 'express';
import { badRequest, cursorPage, FakeError, jsonBody } from '../../kit/index.js';
import { historyJson } from '../serializers/issue.js';
import type { HistoryRecord, IssueRecord } from '../state.js';
import { handle, type JiraRequest } from './context.js';

const MAX_ISSUES = 1000;
const MAX_FIELDS = 10;
const MAX_RESULTS = 10_000;

const strings = (v: unknown): string[] | null => (Array.isArray(v) && v.every((s) => typeof s === 'string') ? v : null);

function issueOf(jira: JiraRequest, ref: string): IssueRecord | undefined {
  return (
    jira.state.byKey.get(ref.toUpperCase()) ??
    (/^\d+$/.test(ref) ? jira.state.issues.find((i) => i.id === ref) : undefined)
  );
}

/**
 * `POST /rest/api/3/changelog/bulkfetch`: the changelogs of up to 1,000 issues, only the items of the
 * given field ids when some are named, paged by changelog (oldest first, then smallest issue id) with
 * `nextPageToken`; consecutive changelogs of one issue share its entry.
 */
export function changelogRoutes(router: Router): void {
  router.post(
    '/rest/api/3/changelog/bulkfetch',
    handle((req, res, jira) => {
      const body = jsonBody(req);
      const refs = strings(body.issueIdsOrKeys);
      if (!refs || refs.length === 0 || refs.length > MAX_ISSUES)
        throw badRequest(`issueIdsOrKeys must name between 1 and ${MAX_ISSUES} issues.`);
      const fieldIds = body.fieldIds === undefined ? [] : strings(body.fieldIds);
      if (!fieldIds || fieldIds.length > MAX_FIELDS)
        throw badRequest(`fieldIds may name at most ${MAX_FIELDS} fields.`);
      const maxResults = body.maxResults ?? 1000;
      if (typeof maxResults !== 'number' || !Number.isInteger(maxResults) || maxResults < 1 || maxResults > MAX_RESULTS)
        throw badRequest(`maxResults must be a whole number from 1 to ${MAX_RESULTS}.`);
      const token =
        typeof body.nextPageToken === 'string' && body.nextPageToken !== '' ? body.nextPageToken : undefined;
      const wanted = new Set(fieldIds);
      const issues = [...new Set(refs.map((ref) => issueOf(jira, ref)).filter((i) => i !== undefined))];
      const entries: Array<{ issue: IssueRecord; history: HistoryRecord }> = issues.flatMap((issue) =>
        issue.histories.flatMap((history) => {
          const items = wanted.size === 0 ? history.items : history.items.filter((item) => wanted.has(item.fieldId));
          return items.length === 0 ? [] : [{ issue, history: { ...history, items } }];
        }),
      );
      entries.sort((a, b) => a.history.created - b.history.created || Number(a.issue.id) - Number(b.issue.id));
      let page;
      try {
        page = cursorPage(
          entries,
          { cursor: token, limit: maxResults },
          `changelog/bulkfetch ${refs.join(',')} ${fieldIds.join(',')}`,
        );
      } catch (error) {
        if (error instanceof FakeError) throw badRequest('The provided next page token is invalid or expired.');
        throw error;
      }
      const issueChangeLogs: Array<{ issueId: string; changeHistories: unknown[] }> = [];
      for (const { issue, history } of page.items) {
        const last = issueChangeLogs.at(-1);
        const json = historyJson(jira.view, history);
        if (last?.issueId === issue.id) last.changeHistories.push(json);
        else issueChangeLogs.push({ issueId: issue.id, changeHistories: [json] });
      }
      res.json({ issueChangeLogs, ...(page.nextCursor === null ? {} : { nextPageToken: page.nextCursor }) });
    }),
  );
}
