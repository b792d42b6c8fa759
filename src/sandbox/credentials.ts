/**
 * The credentials each sandbox workspace accepts, per upstream. Demo mode puts these into the demo
 * tenants' connections; tests use them to act as either workspace.
 */
export const SANDBOX_CREDENTIALS = {
  acme: {
    github: { token: 'ghp_sandboxAcme000000000000000000000001' },
    jira: { email: 'bot@acme.test', apiToken: 'atl-acme-sandbox-token' },
    confluence: { email: 'bot@acme.test', apiToken: 'atl-acme-sandbox-token' },
    notion: { token: 'ntn_sandbox_acme_0001' },
    google: {
      accessToken: 'ya29.sandbox-acme',
      refreshToken: '1//sandbox-acme-refresh',
      clientId: 'acme-sandbox.apps.googleusercontent.test',
      clientSecret: 'GOCSPX-sandbox-acme',
    },
    slack: { token: 'xoxb-sandbox-acme-0001', clientId: '1001.acme-sandbox', clientSecret: 'slack-secret-acme' },
    unify: { apiKey: 'sk_sandbox_acme', appId: 'sandbox-app', consumerId: 'acme-consumer' },
  },
  globex: {
    github: { token: 'ghp_sandboxGlobex00000000000000000000002' },
    jira: { email: 'bot@globex.test', apiToken: 'atl-globex-sandbox-token' },
    confluence: { email: 'bot@globex.test', apiToken: 'atl-globex-sandbox-token' },
    notion: { token: 'ntn_sandbox_globex_0002' },
    google: {
      accessToken: 'ya29.sandbox-globex',
      refreshToken: '1//sandbox-globex-refresh',
      clientId: 'globex-sandbox.apps.googleusercontent.test',
      clientSecret: 'GOCSPX-sandbox-globex',
    },
    slack: { token: 'xoxb-sandbox-globex-0002', clientId: '2002.globex-sandbox', clientSecret: 'slack-secret-globex' },
    unify: { apiKey: 'sk_sandbox_globex', appId: 'sandbox-app', consumerId: 'globex-consumer' },
  },
} as const;

export type WorkspaceId = keyof typeof SANDBOX_CREDENTIALS;
export const WORKSPACE_IDS = Object.keys(SANDBOX_CREDENTIALS) as WorkspaceId[];

type UpstreamName = keyof (typeof SANDBOX_CREDENTIALS)[WorkspaceId];
/** The credential a workspace holds for one upstream. */
type CredentialOf<U extends UpstreamName> = (typeof SANDBOX_CREDENTIALS)[WorkspaceId][U];

/** The workspace whose credential of an upstream satisfies `matches`, if any. */
export function workspaceWhere<U extends UpstreamName>(
  upstream: U,
  matches: (credential: CredentialOf<U>) => boolean,
): WorkspaceId | undefined {
  return WORKSPACE_IDS.find((id) => matches(SANDBOX_CREDENTIALS[id][upstream]));
}

/** Which workspace a bearer or token credential of an upstream belongs to, if any (Google: the access token). */
export function workspaceOfToken(
  upstream: 'github' | 'notion' | 'slack' | 'google',
  token: string | undefined,
): WorkspaceId | undefined {
  if (!token) return undefined;
  if (upstream === 'google') return workspaceWhere('google', (credential) => credential.accessToken === token);
  return workspaceWhere(upstream, (credential) => credential.token === token);
}

/** Which workspace an Atlassian email and API token (HTTP basic) belong to, if any. */
export function workspaceOfBasic(
  upstream: 'jira' | 'confluence',
  email: string,
  apiToken: string,
): WorkspaceId | undefined {
  return workspaceWhere(upstream, (credential) => credential.email === email && credential.apiToken === apiToken);
}

/** Which workspace an Apideck API key, app id and consumer id belong to, if any. */
export function workspaceOfApiKey(key: {
  apiKey?: string;
  appId?: string;
  consumerId?: string;
}): WorkspaceId | undefined {
  return workspaceWhere(
    'unify',
    (credential) =>
      credential.apiKey === key.apiKey && credential.appId === key.appId && credential.consumerId === key.consumerId,
  );
}
