import { DORA_TICKET_DERIVATIONS } from './dora.js';

/**
 * How every ticketing figure is derived; tool descriptions quote these and every result repeats the
 * ones it uses, so a reader never has to guess. All times come from the changelog's status history.
 */
export const TICKET_SCOPE =
  'Tickets read per project: every unresolved ticket and every ticket resolved in the window (JQL: resolved is EMPTY OR resolved >= window start), sub-tasks included.';

export const FLOW = {
  scope: TICKET_SCOPE,
  cycle_time_hours:
    'Tickets resolved in the window: hours from the first move into a status of the in-progress category to the resolution date. Tickets never in progress have no cycle time (resolved_without_start). p50/p75/p85/p95 by linear interpolation, mean.',
  lead_time_hours: 'Tickets resolved in the window: hours from creation to the resolution date; same percentiles.',
  wip: 'Tickets whose status is in the in-progress category now; age = days since their first move into progress (creation when none). per_assignee = assigned WIP / people holding any.',
  blocked:
    "Blocked = in a status named Blocked or flagged (Jira's Flagged field), either counting once. blocked_now: unresolved tickets blocked now, with the length of their current blocked span. blocked_hours_in_window: blocked time inside the window over every ticket read. blocked_share_of_cycle_percent: blocked time within the cycle of tickets resolved in the window / their total cycle time.",
};

export const THROUGHPUT = {
  scope: TICKET_SCOPE,
  resolved:
    'Tickets whose resolution date falls in the window; created: tickets created in it; net_flow = created - resolved.',
  weeks:
    "The window cut into 7-day buckets back from now (the oldest takes the remainder); each counts resolved and created tickets and resolved story points (the project's own story point field).",
  trend:
    'Least-squares slope of resolved per week (each bucket scaled to 7 days): up or down when it moves more than 10% of the weekly mean per week, else flat; insufficient_data under 3 buckets or with nothing resolved. change_percent compares the mean of the newer half of the weeks with the older half.',
};

export const CARRY_OVER =
  "Closed sprints of the project's boards that started and completed in the window. committed = tickets in the sprint; completed = done and resolved by the sprint's completion; carried_over = not completed and also in a sprint that started later (or not yet). carry_over_percent = carried_over / committed.";

export const DEVELOPER = {
  scope: TICKET_SCOPE,
  issues:
    'total: tickets assigned to the person now and active in the window (created by its end, not resolved before its start); created: tickets the person reported in the window; resolved: assigned tickets resolved in the window; in_progress: assigned tickets in an in-progress status now; blocked: assigned tickets blocked now (status named Blocked or flagged).',
  by_type: 'Of total: Bug, Story, Task (sub-tasks included) and other types.',
  story_points:
    "From the project's own story point field. total: of the total tickets; completed: of the resolved ones; average_per_issue: total / tickets with an estimate.",
  time_metrics:
    "avg_resolution_hours: mean creation-to-resolution of the resolved tickets; avg_cycle_time_hours: mean first-in-progress-to-resolution of them; time_logged_hours: the person's worklogs started in the window on the tickets read (Jira returns up to 20 worklogs per ticket in a search).",
};

export const SPRINT = {
  sprint:
    "The active sprint of the project's first Scrum board that has one (every board the caller sees without project_key).",
  completed:
    "Tickets of the sprint in a done status, resolved by the sprint's end (its completion for a closed sprint). remaining = total - completed.",
  story_points:
    'committed: story points of every ticket in the sprint now; completed: of the completed ones; remaining = committed - completed; velocity: mean completed points of the last 3 sprints closed before this one started (null without any).',
  carried_over: 'Closed sprints: tickets not completed in the sprint that are also in a later sprint.',
};

export const DORA = DORA_TICKET_DERIVATIONS;

export const SUMMARY = {
  ...THROUGHPUT,
  cycle_time_p50_hours: FLOW.cycle_time_hours,
  lead_time_p50_hours: FLOW.lead_time_hours,
  wip: FLOW.wip,
  blocked_now: FLOW.blocked,
  open_bugs: 'Unresolved tickets of type Bug.',
  releases: 'Project versions released with a release date in the window.',
  attention:
    "A project needs attention when: its throughput trend is down; the backlog grows (net_flow > 0 and more than 20% of resolved, or anything created while nothing was resolved); a fifth or more of its WIP is blocked; or its cycle time p50 is over twice the median of the projects' p50.",
};
