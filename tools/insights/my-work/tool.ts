import { z } from 'zod';
import { defineTool } from '../../../src/toolkit/define-tool.js';
import { gatherOpenWork } from './gather.js';
import { MY_WORK_RULES, MyWorkResultSchema, WORK_SYSTEMS, type MyWorkResult } from './schemas.js';

export const getMyWork = defineTool({
  system: 'insights',
  name: 'get_my_work',
  title: 'My open work across systems',
  description:
    'The caller’s open work in one call: Jira tickets assigned, GitHub PRs awaiting their review, their open PRs and assigned issues, Confluence pages mentioning them, today’s meetings on their Google calendar and unanswered Slack mentions. Each item has its graph node; systems without a connection are listed in not_connected.',
  capability: { type: 'read', name: 'insights.work.mine', requires: [...WORK_SYSTEMS], requiresAny: true },
  input: z.object({
    limit: z.number().int().min(1).max(50).default(10).describe('Most items per kind (default 10)'),
    mention_days: z.number().int().min(1).max(30).default(7).describe('Slack mentions this recent (default 7 days)'),
  }),
  output: MyWorkResultSchema,
  hints: {
    aliases: [
      'what is on my plate',
      'my work everywhere',
      'my to-do list',
      'what needs my attention',
      'what I have to do across jira, github and slack',
    ],
    when_to_use: 'When someone asks what they have to do across Jira, GitHub, Confluence, their calendar and Slack.',
    not_for: 'One system in depth (code_host_get_my_code_host_work, ticketing_get_my_ticketing_work).',
    examples: [{ query: 'what is on my plate today?', tool: 'get_my_work', params: {} }],
  },
  async run(ctx): Promise<MyWorkResult> {
    const systems = await gatherOpenWork(
      ctx,
      { email: ctx.caller.userEmail },
      { limit: ctx.args.limit, mentionDays: ctx.args.mention_days },
    );
    return {
      systems,
      not_connected: WORK_SYSTEMS.filter((system) => systems[system].status === 'not_connected'),
      rules: MY_WORK_RULES,
    };
  },
});
