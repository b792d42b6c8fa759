import type { RouteModule } from '../route-module.js';
import { addToolRoutes, type ToolRoute } from '../tool-routes.js';
import { queryOf, resultSchema, unifiedFamily } from '../unified-routes.js';
import { tenantEnvelopeOf } from './vault-auth.js';

/**
 * `/team_chat/channels...` (Document 2, team_chat): each route is one call of the team_chat tool of the
 * same job, for the tenant `X-Tenant-Id` names, through its connected Slack workspace. Lists answer
 * `{channels | messages | members, count, truncated, pagination}` and page with `limit` and `cursor`;
 * creates answer 201. The add-member body is `{user_id}` (the spec does not show it).
 */
export const teamChatRoutes: RouteModule = (routes, app) => {
  const one = (tool: string) => tenantEnvelopeOf(resultSchema(app, `team_chat.${tool}`));
  const list = (tool: string, path: string, operationId: string, summary: string): ToolRoute => ({
    method: 'get',
    path,
    operationId,
    summary,
    tool: `team_chat.${tool}`,
    query: queryOf(app, `team_chat.${tool}`).filter((name) => name !== 'channel_id'),
    response: one(tool),
  });
  const create = (tool: string, path: string, operationId: string, summary: string): ToolRoute => ({
    method: 'post',
    path,
    operationId,
    summary,
    tool: `team_chat.${tool}`,
    body: true,
    status: 201,
    response: one(tool),
  });
  const channel = '/team_chat/channels/{channel_id}';
  addToolRoutes(routes, app, unifiedFamily(app, 'team_chat'), [
    list('list_channels', '/team_chat/channels', 'listTeamChatChannels', 'List channels, paged by cursor'),
    create('create_channel', '/team_chat/channels', 'createTeamChatChannel', 'Create a channel'),
    { method: 'get', path: channel, operationId: 'getTeamChatChannel', summary: 'One channel', tool: 'team_chat.get_channel', response: one('get_channel') },
    list('list_messages', `${channel}/messages`, 'listTeamChatMessages', 'List messages, newest first, paged by cursor'),
    create('send_message', `${channel}/messages`, 'sendTeamChatMessage', 'Send a message'),
    list('list_members', `${channel}/members`, 'listTeamChatMembers', 'List member ids, paged by cursor'),
    create('add_member', `${channel}/members`, 'addTeamChatMember', 'Add a member'),
  ]);
};
