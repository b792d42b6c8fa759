import type { App } from '../app.js';
import type { Caller } from '../toolkit/context.js';
import { SANDBOX_CREDENTIALS, WORKSPACE_IDS, type WorkspaceId } from '../sandbox/credentials.js';
import type { Sandbox } from '../sandbox/server.js';

/** Demo users per workspace: the first people of each seeded workspace. */
export const DEMO_USERS_PER_WORKSPACE: Record<WorkspaceId, number> = { acme: 3, globex: 2 };

/** The connections a demo tenant's tokens carry: every integration pointed at the sandbox. */
export function demoConnections(sandbox: Sandbox, workspace: WorkspaceId): Caller['connections'] {
  const creds = SANDBOX_CREDENTIALS[workspace];
  return {
    code_host: { token: creds.github.token, baseUrl: sandbox.urlOf('/github') },
  };
}

export interface DemoUser {
  tenant_id: string;
  user_email: string;
  user_display_name: string;
}

export function demoUsers(sandbox: Sandbox): DemoUser[] {
  return WORKSPACE_IDS.flatMap((workspace) =>
    sandbox.seeds[workspace].people
      .slice(0, DEMO_USERS_PER_WORKSPACE[workspace])
      .map((person) => ({ tenant_id: workspace, user_email: person.email, user_display_name: person.name })),
  );
}

/** The implicit caller of demo mode (execution rule 6): the first acme user. */
export function demoCaller(app: App): Caller {
  const sandbox = app.sandbox as Sandbox;
  const user = demoUsers(sandbox)[0];
  return {
    tenantId: user.tenant_id,
    userEmail: user.user_email,
    userDisplayName: user.user_display_name,
    connections: demoConnections(sandbox, 'acme'),
    demo: true,
  };
}
