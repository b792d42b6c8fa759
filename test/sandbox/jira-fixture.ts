import { AgileClient, Version3Client } from 'jira.js';
import { SANDBOX_CREDENTIALS, type WorkspaceId } from '../../src/sandbox/credentials.js';
import { jiraFake, type JiraState } from '../../src/sandbox/jira/index.js';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox/server.js';
import { loadOpenApiContract, type OpenApiContract } from '../helpers/openapi-contract.js';

/** A sandbox serving only the Jira fake, with jira.js clients and a raw HTTP caller for both workspaces. */
export interface JiraFixture {
  sandbox: Sandbox;
  state(workspace?: WorkspaceId): JiraState;
  clients(workspace?: WorkspaceId, apiToken?: string): { v3: Version3Client; agile: AgileClient };
  /** One request with the workspace's basic credentials; the body parsed when it is JSON. */
  api(
    method: string,
    path: string,
    body?: unknown,
    workspace?: WorkspaceId,
    headers?: Record<string, string>,
  ): Promise<JiraResponse>;
  close(): Promise<void>;
}

export interface JiraResponse {
  status: number;
  contentType: string | null;
  headers: Headers;
  body: any;
}

export async function startJira(options: SandboxOptions = {}): Promise<JiraFixture> {
  const sandbox = await startSandbox(options, [jiraFake]);
  const base = sandbox.urlOf('/jira');
  const basic = (workspace: WorkspaceId) =>
    `Basic ${Buffer.from(`${SANDBOX_CREDENTIALS[workspace].jira.email}:${SANDBOX_CREDENTIALS[workspace].jira.apiToken}`).toString('base64')}`;
  return {
    sandbox,
    state: (workspace = 'acme') => sandbox.state<JiraState>('/jira', workspace),
    clients(workspace = 'acme', apiToken = SANDBOX_CREDENTIALS[workspace].jira.apiToken) {
      const config = {
        host: base,
        authentication: { basic: { email: SANDBOX_CREDENTIALS[workspace].jira.email, apiToken } },
      };
      return { v3: new Version3Client(config), agile: new AgileClient(config) };
    },
    async api(method, path, body, workspace = 'acme', headers = {}) {
      const response = await fetch(base + path, {
        method,
        headers: {
          authorization: basic(workspace),
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      const contentType = response.headers.get('content-type');
      return {
        status: response.status,
        contentType,
        headers: response.headers,
        body: contentType?.includes('json') && text ? JSON.parse(text) : text,
      };
    },
    close: () => sandbox.close(),
  };
}

/** The pruned Atlassian descriptions (test/contracts, Apache 2.0): platform v3 and Jira Software. */
export function jiraContracts(): { v3: OpenApiContract; agile: OpenApiContract } {
  const dir = new URL('../contracts/', import.meta.url);
  return {
    v3: loadOpenApiContract(new URL('atlassian-jira-v3.json', dir).pathname),
    agile: loadOpenApiContract(new URL('atlassian-jira-software-agile.json', dir).pathname),
  };
}
