import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { useServerSession } from '../helpers/mcp-session.js';
import { call } from '../helpers/server.js';

// test/code_host/odd-values.test.ts covers text no upstream can carry (lone surrogates, NUL); these
// are names git itself refuses (git check-ref-format), which GitHub would answer with a vague 422.
const session = useServerSession();

const CASES: Array<{ args: Record<string, unknown>; field: string }> = [
  { args: { branch_name: 'feature/.hidden' }, field: 'branch_name' },
  { args: { branch_name: '.hidden' }, field: 'branch_name' },
  { args: { branch_name: 'topic@{1}' }, field: 'branch_name' },
  { args: { branch_name: 'release.' }, field: 'branch_name' },
  { args: { branch_name: '@' }, field: 'branch_name' },
  { args: { branch_name: 'ok', from_branch: 'main@{yesterday}' }, field: 'from_branch' },
];
const execute = (args: Record<string, unknown>) =>
  call(session.server, 'POST', '/mcp/code_host/execute', {
    token: session.token,
    body: { tool: 'create_branch', arguments: { repo_id: 'acme/api', ...args } },
  });

describe('branch names follow git ref-name rules', () => {
  it('over REST: 400 VALIDATION_ERROR naming the argument, and nothing is created', async () => {
    session.server.sandbox.faults.clearLog();
    for (const { args, field } of CASES) {
      const response = await execute(args);
      expect(response.status, JSON.stringify(args)).toBe(400);
      expect(response.body.error.code).toBe('VALIDATION_ERROR');
      expect(response.body.error.message).toContain(field);
      expect(response.body.error.message).toContain('not a valid branch name');
    }
    expect(session.server.sandbox.faults.log.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('over MCP: an isError VALIDATION_ERROR result naming the argument', async () => {
    for (const { args, field } of CASES) {
      const result = (await session.client.callTool({
        name: 'code_host_create_branch',
        arguments: { repo_id: 'acme/api', ...args },
      })) as CallToolResult;
      expect(result.isError, JSON.stringify(args)).toBe(true);
      const { error } = JSON.parse((result.content[0] as { text: string }).text) as {
        error: { code: string; message: string };
      };
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(error.message).toContain(field);
    }
  });

  it('names with dots, slashes and non-ASCII letters still pass', async () => {
    const response = await execute({ branch_name: 'feature/v1.2-café' });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ ref: 'refs/heads/feature/v1.2-café' });
  });
});
