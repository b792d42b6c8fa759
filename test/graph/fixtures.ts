import { z } from 'zod';
import { createApp, type App } from '../../src/app.js';
import { loadConfig } from '../../src/config/config.js';
import { silentLogger } from '../../src/config/logger.js';
import type { Caller, Clock } from '../../src/toolkit/context.js';
import { defineTool, type ToolDefinition } from '../../src/toolkit/define-tool.js';
import { AppError } from '../../src/toolkit/errors.js';
import type { ExecutionEvent } from '../../src/toolkit/executor.js';

/** An app on an in-memory store (no sandbox, no HTTP), for store and ingestion tests. */
export async function graphApp(clock?: Clock): Promise<App> {
  const config = loadConfig({ CONSTELLATION_ENV: 'test' }, { databaseFile: ':memory:', logLevel: 'error' });
  const app = await createApp(config, { clock, log: silentLogger });
  // The graph writes only for tenants that exist.
  for (const id of ['acme', 'globex']) await app.tenants.ensure({ id, consumerId: id });
  return app;
}

export const caller = (tenantId = 'acme', userEmail: string | undefined = 'ada@acme.test'): Caller => ({
  tenantId,
  userEmail,
  connections: {},
});

/** A tool definition of any system, as the executor would hand it to observers. */
export function toolOf(system: string, name: string): ToolDefinition {
  return defineTool({
    system,
    name,
    description: `Test stand-in for ${system}.${name}`,
    capability: { type: 'read', name: `${system}.test.${name}` },
    input: z.object({}),
    hints: { aliases: [name], when_to_use: 'tests only', not_for: 'anything else', examples: [] },
    async run() {
      return {};
    },
  });
}

/** A finished execution event carrying a tool result. */
export function executed(
  system: string,
  name: string,
  args: Record<string, unknown>,
  result: Record<string, unknown>,
  who: Caller = caller(),
): ExecutionEvent {
  return {
    caller: who,
    tool: toolOf(system, name),
    args,
    target: { type: 'system', id: system },
    success: true,
    result,
    startedAt: 0,
    durationMs: 12.5,
  };
}

export function failed(
  system: string,
  name: string,
  args: Record<string, unknown>,
  who: Caller = caller(),
): ExecutionEvent {
  return {
    caller: who,
    tool: toolOf(system, name),
    args,
    target: { type: 'repository', id: String(args.repo_id ?? 'x/y') },
    success: false,
    error: new AppError('NOT_FOUND', 'Not Found'),
    startedAt: 0,
    durationMs: 3,
  };
}

const gh = (login: string, id: number) => ({ login, id, avatar_url: `https://avatars.example/${id}` });

/** Results shaped as tools/code_host/shapes.ts and Document 1's tables say our tools return them. */
export const RESULTS = {
  repositories: {
    repositories: [
      {
        id: 1,
        name: 'api',
        full_name: 'acme/api',
        description: 'Payments API',
        url: 'https://api.github.com/repos/acme/api',
        html_url: 'https://github.com/acme/api',
        default_branch: 'main',
        private: true,
        language: 'TypeScript',
        stargazers_count: 3,
        forks_count: 0,
        open_issues_count: 2,
        created_at: '2025-01-01T00:00:00Z',
        updated_at: '2026-10-01T00:00:00Z',
      },
      {
        id: 2,
        name: 'web',
        full_name: 'acme/web',
        description: null,
        url: 'https://api.github.com/repos/acme/web',
        html_url: 'https://github.com/acme/web',
        default_branch: 'main',
        private: false,
        language: 'TypeScript',
        stargazers_count: 1,
        forks_count: 0,
        open_issues_count: 0,
        created_at: '2025-01-01T00:00:00Z',
        updated_at: '2026-10-02T00:00:00Z',
      },
    ],
    count: 2,
  },
  issues: {
    issues: [
      {
        id: 11,
        number: 7,
        title: 'Webhook deliveries time out',
        body: 'Tracked in PAY-102.',
        state: 'open',
        state_reason: null,
        labels: [{ id: 1, name: 'bug', color: 'd73a4a' }],
        assignees: [gh('grace-h', 102)],
        user: gh('ada-l', 101),
        comments: 2,
        html_url: 'https://github.com/acme/api/issues/7',
        repo: 'acme/api',
        created_at: '2026-10-01T00:00:00Z',
        updated_at: '2026-10-03T00:00:00Z',
        closed_at: null,
      },
    ],
    count: 1,
  },
  pullRequests: {
    pull_requests: [
      {
        id: 21,
        number: 12,
        title: 'PAY-101 Idempotency keys',
        body: 'Fixes #7 and relates to PAY-103.',
        state: 'open',
        draft: false,
        user: gh('ada-l', 101),
        head: { ref: 'feature/idempotency', sha: 'aaa' },
        base: { ref: 'main', sha: 'bbb' },
        created_at: '2026-10-04T00:00:00Z',
        updated_at: '2026-10-05T00:00:00Z',
        additions: 120,
        deletions: 4,
        changed_files: 6,
        mergeable: true,
        html_url: 'https://github.com/acme/api/pull/12',
        reviews: [
          { user: gh('grace-h', 102), state: 'APPROVED', submitted_at: '2026-10-05T00:00:00Z' },
          { user: gh('linus-t', 103), state: 'COMMENTED', submitted_at: '2026-10-05T01:00:00Z' },
        ],
      },
    ],
    count: 1,
  },
  contributors: {
    contributors: [
      { login: 'ada-l', id: 101, contributions: 40, avatar_url: 'x' },
      { login: 'linus-t', id: 103, contributions: 12, avatar_url: 'y' },
    ],
    total_contributions: 52,
    contributors_count: 2,
  },
  userByEmail: {
    login: 'ada-l',
    id: 101,
    name: 'Ada Lovelace',
    email: 'Ada@acme.test',
    avatar_url: 'x',
    company: 'Acme',
    location: 'Berlin',
    bio: null,
  },
};
