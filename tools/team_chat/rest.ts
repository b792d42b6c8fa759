import type { RouteModule } from '../../src/http/route-module.js';
import { addToolRoutes, type ToolRouteContext } from '../../src/http/tool-routes.js';
import { unifiedFamily, unifiedToolRoutes } from '../../src/integrations/apideck/rest.js';

const CHANNEL = '/team_chat/channels/{channel_id}';

/**
 * `/team_chat/channels...` (Document 2, team_chat): each route is one call of the team_chat tool of the
 * same job, for the tenant `X-Tenant-Id` names, through its connected Slack workspace. Lists answer
 * `{channels | messages | members, count, truncated, pagination}` and page with `limit` and `cursor`;
 * creates answer 201. The add-member body is `{user_id}` (the spec does not show it).
 */
export const teamChatRoutes: RouteModule<ToolRouteContext> = (routes, app) => {
  const { read, write } = unifiedToolRoutes(app, 'team_chat');
  addToolRoutes(routes, app, unifiedFamily(app, 'team_chat'), [
    read('list_channels', '/team_chat/channels', 'listTeamChatChannels', 'List channels, paged by cursor'),
    write('post', 'create_channel', '/team_chat/channels', 'createTeamChatChannel', 'Create a channel'),
    read('get_channel', CHANNEL, 'getTeamChatChannel', 'One channel'),
    read(
      'list_messages',
      `${CHANNEL}/messages`,
      'listTeamChatMessages',
      'List messages, newest first, paged by cursor',
    ),
    write('post', 'send_message', `${CHANNEL}/messages`, 'sendTeamChatMessage', 'Send a message'),
    read('list_members', `${CHANNEL}/members`, 'listTeamChatMembers', 'List member ids, paged by cursor'),
    write('post', 'add_member', `${CHANNEL}/members`, 'addTeamChatMember', 'Add a member'),
  ]);
};
