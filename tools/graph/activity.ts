import { z } from 'zod';
import type { ActivityRecord } from '../../src/graph/types.js';
import { defineTool, type ListPage } from '../../src/toolkit/define-tool.js';
import { itemsWanted } from '../../src/toolkit/pagination.js';
import { AppError } from '../../src/toolkit/errors.js';
import { ContextType, EntityId, type GraphVocabulary, graphFor, graphOf } from './fields.js';
import { FeedResultSchema, InjectedContextSchema, type InjectedContextResult } from './schemas.js';

export const getFeed = ({ EntityType }: GraphVocabulary) =>
  defineTool({
    system: 'graph',
    name: 'get_feed',
    title: 'Recent activity',
    description:
      "The tenant's recent activity (every tool execution: who ran what on which entity), newest first, or the timeline of one entity when entity_type and entity_id are given.",
    capability: { type: 'read', name: 'graph.activity.feed' },
    input: z.object({
      entity_type: EntityType.optional(),
      entity_id: EntityId.optional(),
    }),
    list: { key: 'activity', defaultLimit: 20 },
    item: FeedResultSchema.shape.activity.element,
    hints: {
      aliases: ['activity feed', 'recent activity', 'what happened', 'timeline', 'audit trail'],
      when_to_use:
        'To see what the team (through agents) recently looked at or changed, or the history of one repository, ticket or person.',
      not_for:
        'Commit or ticket history upstream (use the code_host or ticketing tools); relationships (graph_get_entity_context).',
      examples: [
        { query: 'what happened recently?', tool: 'get_feed', params: { limit: 20 } },
        {
          query: 'recent activity on acme/api',
          tool: 'get_feed',
          params: { entity_type: 'repository', entity_id: 'acme/api' },
        },
      ],
    },
    async run({ services, caller, args, page }): Promise<ListPage<ActivityRecord>> {
      const graph = graphFor(services, caller);
      if ((args.entity_type === undefined) !== (args.entity_id === undefined))
        throw new AppError('VALIDATION_ERROR', 'Give both entity_type and entity_id, or neither');
      const items =
        args.entity_type && args.entity_id
          ? await graph.activityOf(caller.tenantId, args.entity_type, args.entity_id, itemsWanted(page))
          : await graph.feed(caller.tenantId, itemsWanted(page));
      return { items };
    },
  });

export const injectContext = ({ EntityType }: GraphVocabulary) =>
  defineTool({
    system: 'graph',
    name: 'inject_context',
    title: 'Remember context for the user',
    description:
      'Attach a piece of context (focus, preference, session or activity) to the calling user, optionally expiring after ttl_seconds and referencing entities it is about.',
    capability: { type: 'action', name: 'graph.context.inject', idempotent: false },
    input: z.object({
      context_type: ContextType.describe('Kind of context'),
      // Any JSON: kept as an unconstrained schema (a recursive JSON type would put $defs in every tools/list).
      value: z
        .unknown()
        .refine((value) => value !== undefined && value !== null, 'value is required')
        .describe('What to remember: any JSON value'),
      key: z.string().min(1).max(200).optional().describe('A name for the value, e.g. "current_sprint_goal"'),
      metadata: z
        .record(z.string(), z.unknown())
        .optional()
        .describe('Free-form facts about the context itself, e.g. {"origin": "chat"}'),
      ttl_seconds: z
        .number()
        .int()
        .min(1)
        .max(315_360_000)
        .optional()
        .describe('Forget it after this many seconds (at most ten years)'),
      references: z
        .array(z.object({ entity_type: EntityType, entity_id: EntityId }))
        .max(50)
        .optional()
        .describe('Entities the context is about (they must exist in the graph)'),
    }),
    output: InjectedContextSchema,
    verify: (result, args) =>
      result.context_type === args.context_type && result.context_id.startsWith('ctx_')
        ? undefined
        : 'the context was not stored as sent',
    hints: {
      aliases: ['remember this', 'save context', 'set focus', 'note preference'],
      when_to_use:
        "When the user states what they are focused on or how they like things done, so later answers can use it (it shows in the user's graph context).",
      not_for:
        'Creating tickets, pages or notes in the upstream systems (use ticketing, wiki or notes tools); durable documentation.',
      examples: [
        {
          query: "I'm focused on the payouts launch this week",
          tool: 'inject_context',
          params: { context_type: 'focus', key: 'weekly_focus', value: 'payouts launch', ttl_seconds: 604800 },
        },
        {
          query: 'remember I am reviewing PAY-103',
          tool: 'inject_context',
          params: {
            context_type: 'activity',
            value: 'reviewing',
            references: [{ entity_type: 'issue', entity_id: 'PAY-103' }],
          },
        },
      ],
    },
    async run({ services, caller, args }): Promise<InjectedContextResult> {
      if (!caller.userEmail)
        throw new AppError('VALIDATION_ERROR', 'Context needs a user: the token carries no user_email');
      return graphOf(services).contexts.inject(
        caller.tenantId,
        { email: caller.userEmail, name: caller.userDisplayName },
        args,
        caller.tenantEpoch,
      );
    },
  });
