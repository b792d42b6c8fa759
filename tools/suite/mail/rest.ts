import type { RouteModule } from '../../../src/http/route-module.js';
import { addToolRoutes, type ToolRouteContext } from '../../../src/http/tool-routes.js';
import { suiteFamily } from '../rest.js';

const LISTING = ['max_results', 'query', 'label_ids'] as const;
const MESSAGE = '/suite/mail/messages/{message_id}';

/** `/suite/mail/*` (Document 2, suite mail): each route one suite tool call. */
export const suiteMailRoutes: RouteModule<ToolRouteContext> = (routes, app) =>
  addToolRoutes(routes, app, suiteFamily, [
    {
      method: 'get',
      path: '/suite/mail/threads',
      operationId: 'listSuiteMailThreads',
      summary: 'The user’s mail threads',
      tool: 'suite.list_mail_threads',
      query: LISTING,
      data: (result) => result.threads,
    },
    {
      method: 'get',
      path: '/suite/mail/threads/{thread_id}',
      operationId: 'getSuiteMailThread',
      summary: 'One thread with its messages',
      tool: 'suite.get_mail_thread',
      query: ['format'],
    },
    {
      method: 'get',
      path: '/suite/mail/messages',
      operationId: 'listSuiteMailMessages',
      summary: 'The user’s mail messages (ids and thread ids)',
      tool: 'suite.list_mail_messages',
      query: [...LISTING, 'include_content'],
      data: (result) => result.messages,
    },
    {
      method: 'post',
      path: '/suite/mail/messages/send',
      operationId: 'sendSuiteMail',
      summary: 'Send an email',
      tool: 'suite.send_mail',
      body: true,
    },
    {
      method: 'get',
      path: MESSAGE,
      operationId: 'getSuiteMailMessage',
      summary: 'One message',
      tool: 'suite.get_mail_message',
      query: ['format'],
    },
    {
      method: 'post',
      path: `${MESSAGE}/trash`,
      operationId: 'trashSuiteMailMessage',
      summary: 'Move a message to the trash',
      tool: 'suite.delete_mail_message',
    },
    {
      method: 'post',
      path: `${MESSAGE}/modify`,
      operationId: 'modifySuiteMailMessage',
      summary: 'Add and remove labels of a message',
      tool: 'suite.update_mail_labels',
      body: true,
    },
    {
      method: 'get',
      path: '/suite/mail/labels',
      operationId: 'listSuiteMailLabels',
      summary: 'The user’s labels',
      tool: 'suite.list_mail_labels',
      data: (result) => result.labels,
    },
    {
      method: 'get',
      path: '/suite/mail/labels/{label_id}',
      operationId: 'getSuiteMailLabel',
      summary: 'One label',
      tool: 'suite.get_mail_label',
    },
  ]);
