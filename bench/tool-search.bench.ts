import { CatalogSearch } from '../src/mcp/catalog-search.js';
import { buildRegistry } from '../tools/index.js';
import { median, time, type BenchResult, type BenchSuite } from './lib.js';
import { GROWN_REQUESTS } from './tool-search/requests-added.js';
import { FOURTH_REQUESTS } from './tool-search/requests-fourth.js';
import { REQUESTS, split, type SearchRequest } from './tool-search/requests.js';
import { THIRD_REQUESTS } from './tool-search/requests-third.js';

// How often the catalog search puts the right tool first (top-1), among the first three (top-3), and the
// mean reciprocal rank, over natural requests; per system, per hard category, for the tuning half and the
// held-out half apart; for the first round of requests alone (old) and with the second (grown); and, whole, for a
// third set written from the tool list alone, now a development set like the tuning half, and a fourth one no
// ranking change is ever checked against (never print its misses: looking wears it out).
// SEARCH_MISSES=1 (or =tuning) prints the grown tuning half's misses, SEARCH_MISSES=third the third set's; never
// the held-out half's. SEARCH_SETS=development ranks the development sets alone (the tuning halves and the third
// set), leaving the held-out half and the fourth set unlooked at while a ranking change is worked on.

interface Ranked {
  request: SearchRequest;
  rank: number;
  first: string;
}

const registry = buildRegistry();
const search = new CatalogSearch(registry, registry.tools);

function rankOf(request: SearchRequest): Ranked {
  const hits = search.search(request.query, { limit: 25 });
  const index = hits.findIndex((h) => h.tool.qualifiedName === request.tool);
  return { request, rank: index + 1, first: hits[0]?.tool.qualifiedName ?? '-' };
}

const systemOf = (tool: string): string => registry.find(tool)?.system ?? 'unknown';

const GROUPS: ReadonlyArray<[string, (r: SearchRequest) => boolean]> = [
  ['all', () => true],
  ['cross-system', (r) => r.tags.includes('x')],
  ['typos', (r) => r.tags.includes('t')],
  ['graph', (r) => systemOf(r.tool) === 'graph'],
  ...registry.systems
    .filter((s) => s.id !== 'graph')
    .map((s): [string, (r: SearchRequest) => boolean] => [s.id, (r) => systemOf(r.tool) === s.id]),
];

function figures(set: string, half: string, ranked: readonly Ranked[]): BenchResult[] {
  return GROUPS.flatMap(([group, member]) => {
    const of = ranked.filter((r) => member(r.request));
    if (of.length === 0) return [];
    const share = (ok: (r: Ranked) => boolean) => (100 * of.filter(ok).length) / of.length;
    const mrr = of.reduce((sum, r) => sum + (r.rank ? 1 / r.rank : 0), 0) / of.length;
    const top1 = share((r) => r.rank === 1);
    const top3 = share((r) => r.rank >= 1 && r.rank <= 3);
    return [
      {
        suite: 'tool-search',
        name: `${set} ${half} ${group} top-1`,
        value: top1,
        unit: '%',
        note: `top-3 ${top3.toFixed(1)} %, MRR ${mrr.toFixed(3)}, n=${of.length}`,
      },
    ];
  });
}

function printMisses(ranked: readonly Ranked[]): void {
  for (const r of ranked.filter((x) => x.rank !== 1))
    process.stderr.write(`miss (rank ${r.rank || '-'}): "${r.request.query}" → ${r.first}, want ${r.request.tool}\n`);
}

export const run: BenchSuite = async () => {
  const uncovered = registry.tools.filter((t) => !GROWN_REQUESTS.some((r) => r.tool === t.qualifiedName));
  const unknown = [...GROWN_REQUESTS, ...THIRD_REQUESTS, ...FOURTH_REQUESTS].filter((r) => !registry.find(r.tool));
  if (unknown.length) throw new Error(`Requests name unknown tools: ${unknown.map((r) => r.tool).join(', ')}`);
  const old = split(REQUESTS);
  const grown = split(GROWN_REQUESTS);
  const tuned = grown.tuning.map(rankOf);
  const third = THIRD_REQUESTS.map(rankOf);
  const developmentOnly = process.env.SEARCH_SETS === 'development';
  const misses = process.env.SEARCH_MISSES;
  if (misses) printMisses(misses === 'third' ? third : tuned);
  // Each request timed alone; the median over requests of each one's median run.
  const perRequest: number[] = [];
  for (const r of GROWN_REQUESTS) perRequest.push(median(await time(() => search.search(r.query), 5, 2)));
  const unlooked = (results: () => BenchResult[]) => (developmentOnly ? [] : results());
  return [
    ...figures('old', 'tuning', old.tuning.map(rankOf)),
    ...unlooked(() => figures('old', 'held-out', old.heldOut.map(rankOf))),
    ...figures('grown', 'tuning', tuned),
    ...unlooked(() => figures('grown', 'held-out', grown.heldOut.map(rankOf))),
    ...figures('third', '(development)', third),
    ...unlooked(() => figures('fourth', '(never tuned)', FOURTH_REQUESTS.map(rankOf))),
    {
      suite: 'tool-search',
      name: 'median search latency',
      value: median(perRequest.sort((a, b) => a - b)),
      unit: 'ms',
      note: `${registry.tools.length} tools, ${GROWN_REQUESTS.length} requests, ${uncovered.length} tools without one`,
    },
  ];
};
