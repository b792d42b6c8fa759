import { SANDBOX_CREDENTIALS, type WorkspaceId } from '../credentials.js';
import type { WorkspaceSeed } from '../fake-upstream.js';
import { seedCalendar } from './calendar/seed.js';
import { seedChat } from './chat/seed.js';
import { seedMail } from './gmail/seed.js';
import type { GoogleState } from './state.js';

/** A workspace's Google: every person is an account; the workspace's OAuth client is registered. */
export function seedGoogle(workspace: WorkspaceSeed): GoogleState {
  const { clientId, clientSecret } = SANDBOX_CREDENTIALS[workspace.identity.id as WorkspaceId].google;
  return {
    workspace: workspace.identity,
    people: workspace.people,
    client: { clientId, clientSecret },
    oauth: { codes: new Map(), accessTokens: new Map(), refreshTokens: new Map() },
    calendar: seedCalendar(workspace),
    mail: seedMail(workspace),
    chat: seedChat(workspace),
    now: workspace.now,
  };
}
