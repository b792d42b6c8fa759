import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { useServerSession } from '../helpers/mcp-session.js';
import { call } from '../helpers/server.js';

// A pull request's head is "branch" or "owner:branch": each part follows its own rules, so a bad head
// is refused before the call instead of reaching GitHub, which answers it with a vague 422.
const session = useServerSession();

const CASES: Array<{ head: string; says: string }> = [
  { head: 'not a login:fix-login', says: 'the owner before ":" is not a valid code_host login' },
  { head: 'acme:feature/.hidden', says: 'not a valid branch name' },
  { head: 'fix login', says: 'not a valid branch name' },
  { head: 'acme:', says: 'not a valid branch name' },
];
const args = (head: string) => ({ repo_id: 'acme/api', title: 'Fix login', head });

describe('create_pull_request heads', () => {
  it('over REST: 400 VALIDATION_ERROR naming head, and nothing is sent upstream', async () => {
    session.server.sandbox.faults.clearLog();
    for (const { head, says } of CASES) {
      const response = await call(session.server, 'POST', '/mcp/code_host/execute', {
        token: session.token,
        body: { tool: 'create_pull_request', arguments: args(head) },
      });
      expect(response.status, head).toBe(400);
      expect(response.body.error.code).toBe('VALIDATION_ERROR');
      expect(response.body.error.message).toContain('head');
      expect(response.body.error.message).toContain(says);
    }
    expect(session.server.sandbox.faults.count('POST', '/pulls')).toBe(0);
  });

  it('over MCP: an isError VALIDATION_ERROR result naming head', async () => {
    for (const { head, says } of CASES) {
      const result = (await session.client.callTool({
        name: 'code_host_create_pull_request',
        arguments: args(head),
      })) as CallToolResult;
      expect(result.isError, head).toBe(true);
      const { error } = JSON.parse((result.content[0] as { text: string }).text) as {
        error: { code: string; message: string };
      };
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(error.message).toContain('head');
      expect(error.message).toContain(says);
    }
  });

  it('still opens a pull request from "branch" and from "owner:branch"', async () => {
    const branchWithCommit = async (branch: string) => {
      await call(session.server, 'POST', '/mcp/code_host/execute', {
        token: session.token,
        body: { tool: 'create_branch', arguments: { repo_id: 'acme/api', branch_name: branch } },
      });
      const file = {
        repo_id: 'acme/api',
        branch,
        path: `docs/${branch.replace('/', '-')}.md`,
        content: 'notes\n',
        message: 'Add notes',
      };
      expect(
        (
          await call(session.server, 'POST', '/mcp/code_host/execute', {
            token: session.token,
            body: { tool: 'create_or_update_file', arguments: file },
          })
        ).status,
      ).toBe(200);
    };
    await branchWithCommit('fix/heads');
    const plain = await call(session.server, 'POST', '/mcp/code_host/execute', {
      token: session.token,
      body: { tool: 'create_pull_request', arguments: args('fix/heads') },
    });
    expect(plain.status, JSON.stringify(plain.body)).toBe(200);
    await branchWithCommit('fix/owner-heads');
    const owned = (await session.client.callTool({
      name: 'code_host_create_pull_request',
      arguments: args('acme:fix/owner-heads'),
    })) as CallToolResult;
    expect(owned.isError, JSON.stringify(owned.content)).toBeFalsy();
  });
});
