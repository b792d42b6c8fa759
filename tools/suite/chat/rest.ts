import type { RouteModule } from '../../../src/http/route-module.js';
import { addToolRoutes, type ToolRouteContext } from '../../../src/http/tool-routes.js';
import { suiteFamily } from '../rest.js';

const SPACE = '/suite/chat/spaces/{space_id}';

/** `/suite/chat/*` (Document 2, suite chat): each route one suite tool call. */
export const suiteChatRoutes: RouteModule<ToolRouteContext> = (routes, app) =>
  addToolRoutes(routes, app, suiteFamily, [
    {
      method: 'get',
      path: '/suite/chat/spaces',
      operationId: 'listSuiteChatSpaces',
      summary: 'The user’s Google Chat spaces',
      tool: 'suite.list_spaces',
      query: ['max_results', 'filter'],
      data: (result) => result.spaces,
    },
    {
      method: 'get',
      path: SPACE,
      operationId: 'getSuiteChatSpace',
      summary: 'One space (id with or without `spaces/`)',
      tool: 'suite.get_space',
    },
    {
      method: 'get',
      path: `${SPACE}/messages`,
      operationId: 'listSuiteChatMessages',
      summary: 'Messages of a space',
      tool: 'suite.list_messages',
      query: ['max_results', 'filter'],
      data: (result) => result.messages,
    },
    {
      method: 'get',
      path: `${SPACE}/messages/{message_id}`,
      operationId: 'getSuiteChatMessage',
      summary: 'One message',
      tool: 'suite.get_message',
    },
    {
      method: 'post',
      path: `${SPACE}/messages`,
      operationId: 'createSuiteChatMessage',
      summary: 'Send a message',
      tool: 'suite.create_message',
      body: true,
    },
    {
      method: 'put',
      path: `${SPACE}/messages/{message_id}`,
      operationId: 'updateSuiteChatMessage',
      summary: 'Edit a message’s text',
      tool: 'suite.update_message',
      body: true,
    },
    {
      method: 'delete',
      path: `${SPACE}/messages/{message_id}`,
      operationId: 'deleteSuiteChatMessage',
      summary: 'Delete a message',
      tool: 'suite.delete_message',
    },
    {
      method: 'get',
      path: `${SPACE}/members`,
      operationId: 'listSuiteChatMembers',
      summary: 'Members of a space',
      tool: 'suite.list_members',
      query: ['max_results'],
      data: (result) => result.members,
    },
    {
      method: 'get',
      path: `${SPACE}/members/{member_id}`,
      operationId: 'getSuiteChatMember',
      summary: 'One membership',
      tool: 'suite.get_member',
    },
  ]);
