import { z } from 'zod';
import { defineTool } from '../../../../src/toolkit/define-tool.js';
import { median, round } from '../../../../src/analytics/stats.js';
import { SUMMARY } from '../derivations.js';
import { releasesIn } from '../dora.js';
import { blockedOf, flowTimes, wipOf } from '../flow.js';
import { allProjects, overProjects, projectSummaryTickets, projectVersions, windowMetadata } from '../gather.js';
import { openCountsByProject } from '../open-counts.js';
import { ExecutiveSummaryResultSchema, type ExecutiveSummaryResult } from '../schemas.js';
import { throughputOf } from '../throughput.js';
import { analytical, windowInput } from './common.js';

type Row = ExecutiveSummaryResult['projects'][number];

/** The reasons a project needs a look (SUMMARY.attention), given the median cycle time p50 over projects. */
function attentionOf(row: Row, medianCycleP50: number | null): string[] {
  const reasons: string[] = [];
  if (row.trend === 'down') reasons.push('throughput trending down');
  if (row.net_flow > 0 && (row.resolved === 0 || row.net_flow > 0.2 * row.resolved))
    reasons.push(`backlog growing (${row.created} created, ${row.resolved} resolved)`);
  if (row.wip > 0 && row.blocked_now >= 0.2 * row.wip)
    reasons.push(`${row.blocked_now} of ${row.wip} in-progress tickets blocked`);
  if (medianCycleP50 !== null && row.cycle_time_p50_hours !== null && row.cycle_time_p50_hours > 2 * medianCycleP50)
    reasons.push(`cycle time p50 ${row.cycle_time_p50_hours} h, over twice the median project (${medianCycleP50} h)`);
  return reasons;
}

export const getExecutiveSummaryAllProjects = defineTool({
  system: 'ticketing',
  name: 'get_executive_summary_all_projects',
  title: 'Executive delivery summary across every project',
  description:
    'One row per Jira project over time_period_days, with totals: resolved, created, net flow, story points, throughput trend, cycle and lead time p50 (status history), WIP, blocked now, open bugs, releases, and why a project needs attention (throughput down, backlog growing, a fifth of WIP blocked, cycle time over twice the median). Unreadable projects go to failed_sources.',
  capability: analytical('executive_summary_all_projects', ['totals', 'projects', 'attention']),
  input: z.object(windowInput),
  output: ExecutiveSummaryResultSchema,
  hints: {
    aliases: [
      'executive summary',
      'portfolio overview',
      'delivery status all teams',
      'which projects need attention',
      'leadership report jira',
      'engineering summary',
    ],
    when_to_use:
      'For a leadership overview of delivery across every Jira project: where work flows, where it is blocked or piling up, and which projects need a look first.',
    not_for:
      'Detail of one project (use ticketing_get_project_productivity_metrics); weekly series per project (ticketing_get_throughput_metrics_by_project); GitHub-side delivery (code_host_get_eng_metrics).',
    examples: [
      {
        query: 'give me an executive summary of all our Jira projects',
        tool: 'get_executive_summary_all_projects',
        params: {},
      },
      {
        query: 'which projects need attention this quarter?',
        tool: 'get_executive_summary_all_projects',
        params: { time_period_days: 90 },
      },
    ],
  },
  async run(ctx): Promise<ExecutiveSummaryResult> {
    const { window, metadata } = windowMetadata(ctx.clock.now(), ctx.args.time_period_days);
    const projects = await allProjects(ctx);
    const counted = await openCountsByProject(
      ctx,
      projects.map((p) => p.key),
      window,
    );
    const read = await overProjects(
      ctx,
      undefined,
      async (project) => {
        const [tickets, versions] = await Promise.all([
          projectSummaryTickets(ctx, project, window, counted?.counts.get(project.key)),
          projectVersions(ctx, project.key),
        ]);
        if (counted?.capped) tickets.capped = true;
        return { tickets, releases: releasesIn(versions, window).length };
      },
      projects,
    );
    const rows: Row[] = read.map(({ project, value }) => {
      // The tickets read are those resolved in the window; the unresolved ones are counted.
      const { tickets, open } = value.tickets;
      const throughput = throughputOf(tickets, window);
      const flow = flowTimes(tickets, window);
      const created = throughput.created + open.createdInWindow;
      return {
        project_key: project.key,
        name: project.name,
        resolved: throughput.resolved,
        created,
        net_flow: created - throughput.resolved,
        story_points_resolved: throughput.story_points_resolved,
        trend: throughput.trend.direction,
        cycle_time_p50_hours: flow.cycle_time_hours.p50,
        lead_time_p50_hours: flow.lead_time_hours.p50,
        wip: wipOf(tickets, window.end, 0).count + open.inProgress,
        blocked_now: blockedOf(tickets, window, 0).blocked_now + open.blocked,
        open_bugs: open.bugs,
        releases: value.releases,
        attention: [],
      };
    });
    const medianP50 = round(median(rows.map((r) => r.cycle_time_p50_hours).filter((v): v is number => v !== null)));
    for (const row of rows) row.attention = attentionOf(row, medianP50);
    rows.sort(
      (a, b) =>
        Number(b.attention.length > 0) - Number(a.attention.length > 0) ||
        b.resolved - a.resolved ||
        a.project_key.localeCompare(b.project_key),
    );
    const all = read.flatMap((r) => r.value.tickets.tickets);
    const pooled = flowTimes(all, window);
    const sum = (pick: (r: Row) => number) => rows.reduce((n, r) => n + pick(r), 0);
    return {
      totals: {
        projects: rows.length,
        resolved: sum((r) => r.resolved),
        created: sum((r) => r.created),
        net_flow: sum((r) => r.net_flow),
        story_points_resolved: round(sum((r) => r.story_points_resolved)) as number,
        wip: sum((r) => r.wip),
        blocked_now: sum((r) => r.blocked_now),
        open_bugs: sum((r) => r.open_bugs),
        releases: sum((r) => r.releases),
        cycle_time_p50_hours: pooled.cycle_time_hours.p50,
        lead_time_p50_hours: pooled.lead_time_hours.p50,
      },
      projects: rows,
      needs_attention: rows.filter((r) => r.attention.length > 0).length,
      derivation: SUMMARY,
      metadata: metadata(read.map((r) => r.value.tickets)),
    };
  },
});
