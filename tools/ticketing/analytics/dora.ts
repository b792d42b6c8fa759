import {
  changeFailureCategory,
  deploymentFrequencyCategory,
  leadTimeCategory,
  recoveryCategory,
} from '../../../src/analytics/bands.js';
import {
  DAY_MS,
  hours,
  inWindow,
  mean,
  median,
  percent,
  percentile,
  round,
  type TimeWindow,
} from '../../../src/analytics/stats.js';
import type { TicketHistory, VersionRecord } from './history.js';
import { startedAt } from './timeline.js';

/** Days after a release within which a new bug counts against it when it names no affected version. */
const FAILURE_WINDOW_DAYS = 7;
/** Priorities that make a bug an incident. */
const INCIDENT_PRIORITIES = ['highest', 'blocker', 'critical'];

export const DORA_TICKET_DERIVATIONS = {
  deployment_frequency:
    'Project versions marked released whose release date falls in the window, per week (releases / days x 7); the band compares releases per day with the DORA thresholds (elite daily, high weekly, medium monthly).',
  lead_time_for_changes:
    'For every ticket whose fix version was released in the window: hours from its first move into an in-progress status (its creation when it never moved) to the end of the release day (UTC). value is the median; p90 and count are given.',
  change_failure_rate: `Percent of the window's releases followed by a bug: a Bug whose affects-version is the release, or, when it names none, a Bug created within ${FAILURE_WINDOW_DAYS} days after the release day. bugs_after_release counts those bugs.`,
  mean_time_to_recovery:
    'Mean hours from creation to resolution of the incidents created in the window: tickets of type Incident, labelled "incident", or Bugs of priority Highest, Blocker or Critical. incidents_count counts every such ticket; unresolved ones are left out of the mean.',
};

const releaseDayStart = (v: VersionRecord): number | null =>
  v.releaseDate ? Date.parse(`${v.releaseDate.slice(0, 10)}T00:00:00Z`) : null;

const isIncident = (t: TicketHistory): boolean =>
  t.kind === 'incident' ||
  t.labels.some((l) => l.toLowerCase() === 'incident') ||
  (t.kind === 'bug' && INCIDENT_PRIORITIES.includes((t.priority ?? '').toLowerCase()));

/** The released versions whose release day starts inside the window, oldest first. */
export function releasesIn(
  versions: readonly VersionRecord[],
  window: TimeWindow,
): Array<VersionRecord & { at: number }> {
  return versions
    .filter((v) => v.released)
    .map((v) => ({ ...v, at: releaseDayStart(v) }))
    .filter((v): v is VersionRecord & { at: number } => inWindow(v.at, window))
    .sort((a, b) => a.at - b.at || a.id.localeCompare(b.id));
}

/** The four DORA metrics of a project's (or several projects') tickets and versions. */
export function ticketDora(
  tickets: readonly TicketHistory[],
  versions: readonly VersionRecord[],
  window: TimeWindow,
  days: number,
) {
  const releases = releasesIn(versions, window);
  const releaseIds = new Set(releases.map((r) => r.id));
  const perDay = releases.length / days;
  const perWeek = round(perDay * 7) as number;

  const leadTimes: number[] = [];
  for (const t of tickets) {
    const release = releases.find((r) => t.fixVersions.includes(r.id));
    if (!release) continue;
    const lead = release.at + DAY_MS - (startedAt(t) ?? t.created);
    if (lead >= 0) leadTimes.push(lead);
  }
  const leadP50 = hours(median(leadTimes));

  const bugs = tickets.filter((t) => t.kind === 'bug');
  const failedBy = new Map<string, number>();
  const blamedBugs = new Set<string>();
  for (const bug of bugs) {
    const named = bug.affectsVersions.filter((id) => releaseIds.has(id));
    const blamed =
      named.length > 0
        ? named
        : bug.affectsVersions.length > 0
          ? []
          : releases
              .filter(
                (r) =>
                  r.project === bug.project &&
                  bug.created >= r.at &&
                  bug.created < r.at + (FAILURE_WINDOW_DAYS + 1) * DAY_MS,
              )
              .map((r) => r.id);
    for (const id of blamed) failedBy.set(id, (failedBy.get(id) ?? 0) + 1);
    if (blamed.length > 0) blamedBugs.add(bug.key);
  }
  const cfr = percent(failedBy.size, releases.length);

  const incidents = tickets.filter((t) => isIncident(t) && inWindow(t.created, window));
  const recoveries = incidents.filter((t) => t.resolved !== null).map((t) => (t.resolved as number) - t.created);
  const mttr = hours(mean(recoveries));

  return {
    deployment_frequency: {
      value: perWeek,
      unit: 'releases_per_week',
      category: deploymentFrequencyCategory(perDay),
      total_releases: releases.length,
    },
    lead_time_for_changes: {
      value: leadP50,
      unit: 'hours',
      category: leadTimeCategory(leadP50),
      p90: hours(percentile(leadTimes, 90)),
      changes_measured: leadTimes.length,
    },
    change_failure_rate: {
      value: cfr,
      unit: 'percent',
      category: changeFailureCategory(cfr),
      bugs_after_release: blamedBugs.size,
      failed_releases: failedBy.size,
      total_releases: releases.length,
    },
    mean_time_to_recovery: {
      value: mttr,
      unit: 'hours',
      category: recoveryCategory(mttr),
      incidents_count: incidents.length,
      resolved_count: recoveries.length,
    },
    releases: releases.map((r) => ({
      project_key: r.project,
      id: r.id,
      name: r.name,
      releaseDate: r.releaseDate as string,
      bugs_after_release: failedBy.get(r.id) ?? 0,
    })),
  };
}
