import type { ActivityInput, GraphService } from './service/graph-service.js';
import { extract, GraphBatch, type ExtractInput } from './ingest/index.js';
import { extractorsOf, type Extractor } from './ingest/extractor.js';
import type { MentionPattern } from './ingest/mentions.js';

/**
 * A realistic sample graph for a small team that ships a payments service. Each system contributes its
 * part (its manifest's `sampleGraph`): tool results its own extractor reads, and the batches its
 * extractor would write for data the sample has no upstream for.
 */
interface SamplePerson {
  login: string;
  githubId: number;
  name: string;
  email: string;
  accountId: string;
}

interface SampleRepository {
  name: string;
  description: string;
  language: string | null;
}

/**
 * Who and what the sample is about: at least 6 people and 3 repositories. Demo mode passes the sandbox
 * workspace's own people and repositories, so the graph names what the tools return.
 */
export interface SampleTeam {
  /** The organisation the repositories belong to (`owner/name`). */
  owner: string;
  people: readonly SamplePerson[];
  repositories: readonly SampleRepository[];
}

const FIXED_PEOPLE = [
  ['ada-l', 'Ada Lovelace', 'ada'],
  ['grace-h', 'Grace Hopper', 'grace'],
  ['linus-t', 'Linus Torvalds', 'linus'],
  ['margaret-h', 'Margaret Hamilton', 'margaret'],
  ['ken-t', 'Ken Thompson', 'ken'],
  ['barbara-l', 'Barbara Liskov', 'barbara'],
] as const;
const FIXED_REPOS = ['api', 'web', 'infra'];

/** The sample team outside demo mode: invented people at `<tenant>.example`. */
function fixedSampleTeam(tenantId: string, domain = `${tenantId}.example`): SampleTeam {
  return {
    owner: tenantId.toLowerCase(),
    people: FIXED_PEOPLE.map(([login, name, local], i) => ({
      login,
      githubId: 9000 + i,
      name,
      email: `${local}@${domain}`,
      accountId: `5f00a${i + 1}`,
    })),
    repositories: FIXED_REPOS.map((name, i) => ({
      name,
      description: `The ${name} of the payments platform`,
      language: i === 2 ? 'HCL' : 'TypeScript',
    })),
  };
}

/** What a system's part of the sample is built from. */
export interface Sample {
  /** The team: its first 6 people and first 3 repositories. */
  team: SampleTeam;
  /** The sample's `n`-th day (from 1 October 2026), as an ISO timestamp. */
  day: (n: number) => string;
  /** A new batch that links what texts mention as the systems' extractors do. */
  batch: () => GraphBatch;
}

/** One system's part of the sample graph. */
export interface SampleGraphPart {
  /** Tool results, read into the graph by the system's own extractor. */
  results?: readonly ExtractInput[];
  /** What the system's extractor would write, for data the sample has no upstream for. */
  batches?: readonly GraphBatch[];
  /** Activity records, as calls of the system's tools would leave them. */
  activity?: readonly ActivityInput[];
}

/** A system's part of the sample graph (a manifest's `sampleGraph`). */
export type SampleGraph = (sample: Sample) => SampleGraphPart;

/** A system as the sample reads it (a system manifest). */
interface SampleSource {
  system: { id: string };
  extractor?: Extractor;
  mentions?: readonly MentionPattern[];
  sampleGraph?: SampleGraph;
}

interface SeedSummary {
  nodes_written: number;
  edges_written: number;
  activity_written: number;
}

/** Loads the sample graph into a tenant (idempotent: loading twice merges into the same nodes). */
export async function seedGraph(
  graph: GraphService,
  systems: readonly SampleSource[],
  tenantId: string,
  team: SampleTeam = fixedSampleTeam(tenantId),
): Promise<SeedSummary> {
  const mentions = systems.flatMap((s) => s.mentions ?? []);
  const sample: Sample = {
    team: { ...team, people: team.people.slice(0, 6), repositories: team.repositories.slice(0, 3) },
    day: (n) => new Date(Date.UTC(2026, 9, 1 + n)).toISOString(),
    batch: () => new GraphBatch(mentions),
  };
  const extractors = extractorsOf(systems);
  const summary: SeedSummary = { nodes_written: 0, edges_written: 0, activity_written: 0 };
  const activity: ActivityInput[] = [];
  for (const { system, sampleGraph } of systems) {
    const part = sampleGraph?.(sample) ?? {};
    const batches = [
      ...(part.results ?? []).map((input) => extract(extractors, system.id, input)),
      ...(part.batches ?? []),
    ];
    for (const batch of batches) {
      const written = await graph.ingest(tenantId, batch, system.id);
      summary.nodes_written += written.nodes;
      summary.edges_written += written.edges;
    }
    activity.push(...(part.activity ?? []));
  }
  for (const record of activity) await graph.recordActivity(tenantId, record);
  summary.activity_written = activity.length;
  return summary;
}
