import type { WebClient } from '@slack/web-api';
import type { ToolRunContext } from '../../src/toolkit/define-tool.js';
import { memberNames, type Names } from './shapes.js';
import type { Identity, Installation } from '../../src/integrations/slack/installation.js';
import { chooseIdentity, type Purpose } from './tokens.js';

/** One call's Slack: the identity the spec's token rules choose, its client, and the workspace's member names. */
export interface ChatSession {
  installation: Installation;
  identity: Identity;
  client: WebClient;
  names(): Promise<Names>;
}

export async function chatSession(
  ctx: Pick<ToolRunContext<unknown>, 'client'>,
  purpose: Purpose,
  options: Parameters<typeof chooseIdentity>[2] = {},
): Promise<ChatSession> {
  const clients = ctx.client('slack');
  const installation = await clients.installation();
  const identity = chooseIdentity(installation, purpose, options);
  const client = await clients.as(identity);
  // Names are read with a token that may read the directory: the user's when there is one.
  const directory = installation.userToken ? 'user' : identity;
  return { installation, identity, client, names: () => memberNames(clients, installation, directory) };
}
