import { z } from 'zod';

const Hours = z.number().nullable();
const When = z.string().nullable();
const Stage = z.enum(['coding', 'pickup', 'review', 'deploy_wait']);
const Summary = z.object({ p50: Hours, p90: Hours, mean: Hours, count: z.number() });

const TicketFlowSchema = z.object({
  key: z.string(),
  summary: z.string(),
  assignee: z.string().nullable(),
  pull_request: z.object({ repo: z.string(), number: z.number(), title: z.string(), url: z.string() }).nullable(),
  events: z.object({
    created: z.string(),
    in_progress: When,
    pr_opened: When,
    first_review: When,
    merged: When,
    deployed: When,
    done: z.string(),
  }),
  stage_hours: z.object({ coding: Hours, pickup: Hours, review: Hours, deploy_wait: Hours, lead_time: Hours }),
  longest_stage: Stage.nullable(),
  reopened: z.number(),
});

export const DeliveryFlowResultSchema = z.object({
  project_key: z.string(),
  tickets: z.array(TicketFlowSchema),
  tickets_resolved: z.number(),
  tickets_followed: z.number(),
  stages: z.object({ coding: Summary, pickup: Summary, review: Summary, deploy_wait: Summary, lead_time: Summary }),
  waits: z.object({
    longest_stage: z.object({ coding: z.number(), pickup: z.number(), review: z.number(), deploy_wait: z.number() }),
    waiting_for_review: z.number(),
    waiting_for_deploy: z.number(),
    reopened: z.number(),
  }),
  not_followed: z.array(
    z.object({
      key: z.string(),
      reason: z.enum(['no_pull_request', 'pull_request_not_merged', 'no_deployment_after_merge']),
    }),
  ),
  derivation: z.record(z.string(), z.string()),
  metadata: z.object({
    start_date: z.string(),
    end_date: z.string(),
    repositories: z.array(z.string()),
    tickets_capped: z.boolean(),
  }),
});

export type DeliveryFlowResult = z.infer<typeof DeliveryFlowResultSchema>;
