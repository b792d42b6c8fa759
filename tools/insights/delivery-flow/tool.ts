import { z } from 'zod';
import { defineTool, type ToolRunContext } from '../../../src/toolkit/define-tool.js';
import { AppError } from '../../../src/toolkit/errors.js';
import { DAY_MS, isoSeconds, type TimeWindow } from '../../../src/analytics/stats.js';
import { Refresh, TimePeriodDays } from '../../shared/fields.js';
import { parseRepoIds, RepoIds } from '../../code_host/fields.js';
import { forEachRepo } from '../../code_host/github.js';
import { projectRef, projectTickets } from '../../ticketing/analytics/gather.js';
import { requiredProject } from '../../ticketing/analytics/tools/common.js';
import { jiraStatus } from '../../ticketing/jira.js';
import { repoDelivery } from './code-signals.js';
import { DELIVERY_FLOW } from './derivation.js';
import { flowRow, followTicket, keyPattern, stageSummary, waitsOf } from './flows.js';
import { DeliveryFlowResultSchema, type DeliveryFlowResult } from './schemas.js';

/** Pull requests updated this long before the window still carry tickets resolved in it. */
const PULL_LOOKBACK_MS = 90 * DAY_MS;
/** Most tickets listed one by one; every resolved ticket counts in the figures. */
const LISTED_TICKETS = 100;

const Instant = z.iso
  .datetime({ offset: true })
  .or(z.iso.date())
  .describe('ISO date or date-time; overrides time_period_days');

const input = z.object({
  project_key: requiredProject,
  time_period_days: TimePeriodDays,
  since: Instant.optional(),
  until: Instant.optional(),
  repo_ids: RepoIds.optional(),
  refresh: Refresh,
});
type Args = z.infer<typeof input>;

/** The window: since/until when given, else time_period_days back from until (now). */
function windowOfArgs(ctx: ToolRunContext<Args>): TimeWindow {
  const end = ctx.args.until ? Date.parse(ctx.args.until) : ctx.clock.now();
  const start = ctx.args.since ? Date.parse(ctx.args.since) : end - ctx.args.time_period_days * DAY_MS;
  if (end < start)
    throw new AppError('VALIDATION_ERROR', `until (${ctx.args.until}) is before since (${ctx.args.since})`);
  return { start, end };
}

/** The project, a 400 naming it when the caller has no such project. */
async function knownProject(ctx: ToolRunContext<Args>) {
  try {
    return await projectRef(ctx, ctx.args.project_key);
  } catch (error) {
    if (jiraStatus(error) !== 404) throw error;
    throw new AppError('VALIDATION_ERROR', `Unknown Jira project ${ctx.args.project_key} (or not visible to you)`);
  }
}

export const getDeliveryFlow = defineTool({
  system: 'insights',
  name: 'get_delivery_flow',
  title: 'Delivery flow from ticket to deploy',
  description:
    'Follows each Jira ticket of a project resolved in the window through the first GitHub pull request naming its key (branch, title or body) to its deployment: per-ticket times created, in progress, PR opened, first review, merged, deployed, done; p50/p90 of coding, pickup, review, deploy wait and lead time; where time waits; tickets it could not follow and why.',
  capability: {
    type: 'analytical',
    name: 'insights.analytics.delivery_flow',
    requires: ['ticketing', 'code_host'],
    outputs: ['tickets', 'stages', 'waits', 'not_followed'],
  },
  input,
  output: DeliveryFlowResultSchema,
  hints: {
    aliases: [
      'ticket to deploy',
      'delivery flow',
      'how long a jira ticket takes to reach production',
      'value stream',
      'tickets waiting for review or deploy',
      'tickets never deployed or without a pull request',
    ],
    when_to_use:
      'To see how Jira tickets travel through pull requests, reviews and deployments and which stage (coding, review pickup, review, deploy) holds them up.',
    not_for:
      'Jira-only cycle times (use ticketing_get_project_productivity_metrics); GitHub-only DORA (code_host_get_dora_metrics); pull request merge times alone (code_host_get_pr_merge_time_metrics).',
    examples: [
      {
        query: 'where does WEB work wait between ticket and deploy?',
        tool: 'get_delivery_flow',
        params: { project_key: 'WEB' },
      },
      {
        query: 'lead time from Jira ticket to production for API last quarter',
        tool: 'get_delivery_flow',
        params: { project_key: 'API', time_period_days: 90 },
      },
    ],
  },
  async run(ctx): Promise<DeliveryFlowResult> {
    const window = windowOfArgs(ctx);
    const project = await knownProject(ctx);
    const read = await ctx.gather({ ticketing: () => projectTickets(ctx, project, window) });
    const resolved = (read.ticketing?.tickets ?? []).filter(
      (t): t is typeof t & { resolved: number } =>
        t.resolved !== null && t.resolved >= window.start && t.resolved <= window.end,
    );
    const names = keyPattern(resolved.map((t) => t.key));
    const code = resolved.length
      ? await ctx.gather({
          code_host: () =>
            forEachRepo(ctx, parseRepoIds(ctx.args.repo_ids), (repo) =>
              repoDelivery(ctx, repo, window.start - PULL_LOOKBACK_MS, (text) => names.test(text)),
            ),
        })
      : {};
    const repos = code.code_host?.perRepo.map((r) => r.value) ?? [];
    const flows = resolved.map((ticket) => followTicket(ticket, repos));
    const listed = [...flows].sort(
      (a, b) => (b.stagesMs.lead_time ?? 0) - (a.stagesMs.lead_time ?? 0) || a.ticket.key.localeCompare(b.ticket.key),
    );
    return {
      project_key: project.key,
      tickets: listed.slice(0, LISTED_TICKETS).map(flowRow),
      tickets_resolved: flows.length,
      tickets_followed: flows.filter((f) => f.notFollowed === null).length,
      stages: stageSummary(flows),
      waits: waitsOf(flows),
      not_followed: flows.flatMap((f) => (f.notFollowed ? [{ key: f.ticket.key, reason: f.notFollowed }] : [])),
      derivation: DELIVERY_FLOW,
      metadata: {
        start_date: isoSeconds(window.start),
        end_date: isoSeconds(window.end),
        repositories: repos.map((r) => r.repo),
        tickets_capped: read.ticketing?.capped ?? false,
      },
    };
  },
});
