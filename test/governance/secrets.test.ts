import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { scanValue } from '../../src/governance/secrets.js';
import type { GithubState } from '../../src/sandbox/github/model.js';
import { WORKSPACE_IDS } from '../../src/sandbox/credentials.js';
import { connectInMemory } from '../mcp/connect.js';
import { fakeState } from '../helpers/sandbox.js';
import { SAMPLES } from '../helpers/secret-samples.js';
import { auditLines } from '../helpers/audit-export.js';
import { call, startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const COMMENT = { repo_id: 'acme/web', issue_number: 1 };
const commentsSent = () => server.sandbox.faults.count('POST', '/comments');

describe('secrets in the arguments of an action', () => {
  it('over REST: 422 SECRET_DETECTED naming the kind and the argument, nothing sent, the audit record says so', async () => {
    const before = commentsSent();
    const { status, body } = await call(server, 'POST', '/mcp/code_host/execute', {
      token: await server.tokenFor('acme'),
      body: { tool: 'add_issue_comment', arguments: { ...COMMENT, body: `Deploy with ${SAMPLES.github_token} today` } },
    });
    expect(status).toBe(422);
    expect(body.error.code).toBe('SECRET_DETECTED');
    expect(body.error.message).toContain('github_token in body');
    expect(JSON.stringify(body)).not.toContain(SAMPLES.github_token);
    expect(commentsSent()).toBe(before);
    const record = (await auditLines(server, 'acme')).findLast((line) => line.action === 'code_host_add_issue_comment');
    expect(record).toMatchObject({
      outcome: 'SECRET_DETECTED',
      detail: { secrets: [{ kind: 'github_token', path: 'body' }] },
    });
    expect(JSON.stringify(record)).not.toContain(SAMPLES.github_token);
  });

  it('over MCP: an error result with the same code; a clean comment still goes through', async () => {
    const client = await connectInMemory(server.surface, server.callerFor('acme'));
    const before = commentsSent();
    const refused = (await client.callTool({
      name: 'code_host_add_issue_comment',
      arguments: { ...COMMENT, body: `conn: ${SAMPLES.connection_string}` },
    })) as CallToolResult;
    expect(refused.isError).toBe(true);
    const text = (refused.content[0] as { text: string }).text;
    expect(JSON.parse(text).error).toMatchObject({ code: 'SECRET_DETECTED' });
    expect(text).toContain('connection_string in body');
    expect(text).not.toContain('S3cr3t-pa55');
    expect(commentsSent()).toBe(before);
    const sent = (await client.callTool({
      name: 'code_host_add_issue_comment',
      arguments: { ...COMMENT, body: 'The fix is deployed.' },
    })) as CallToolResult;
    expect(sent.isError).toBeFalsy();
    expect(commentsSent()).toBe(before + 1);
    await client.close();
  });
});

describe('secrets in results', () => {
  it('are masked before the caller sees them, in structured content and text alike', async () => {
    const repo = fakeState<GithubState>(server, '/github', 'globex').repos[0];
    const issue = repo.issues.find((i) => !i.pull)!;
    const seeded = issue.body;
    onTestFinished(() => void (issue.body = seeded));
    issue.body = `Rotate this: ${SAMPLES.slack_token} (found in the logs)`;
    const client = await connectInMemory(server.surface, server.callerFor('globex'));
    const result = (await client.callTool({
      name: 'code_host_get_issue',
      arguments: { repo_id: repo.fullName, issue_number: issue.number },
    })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    expect((result.structuredContent as { body: string }).body).toBe(
      'Rotate this: [redacted:slack_token] (found in the logs)',
    );
    expect(JSON.stringify(result.content)).not.toContain(SAMPLES.slack_token);
    expect(JSON.stringify(result.content)).toContain('[redacted:slack_token]');
    await client.close();
    const rest = await call(server, 'POST', '/mcp/code_host/execute', {
      token: await server.tokenFor('globex'),
      body: { tool: 'get_issue', arguments: { repo_id: repo.fullName, issue_number: issue.number } },
    });
    expect(rest.body.data.body).toBe('Rotate this: [redacted:slack_token] (found in the logs)');
  });
});

describe('false positives', () => {
  it('finds nothing in any fake’s seeded content', () => {
    const fresh = { seeds: server.sandbox.seeds };
    expect(scanValue(fresh)).toEqual([]);
    for (const prefix of server.sandbox.prefixes)
      for (const workspace of WORKSPACE_IDS) {
        const state = server.sandbox.state(prefix, workspace);
        expect({ prefix, workspace, findings: scanValue(state) }).toEqual({ prefix, workspace, findings: [] });
      }
  });
});
