import type { NotionState, PageRecord } from '../src/sandbox/notion/index.js';
import { startDemoBench } from './demo-app.js';
import { median, percentile, time, type BenchResult } from './lib.js';

/**
 * unified_notes tools through the executor: the Notion SDK's requests carried by `@apideck/unify`'s
 * Proxy API to the Apideck fake, which forwards them to the Notion fake over HTTP. A 500-page database
 * walked by cursor in pages of 100, and one page read, each with the Apideck and Notion requests it costs.
 */
const SUITE = 'unified_notes';
const PAGES = 500;
const PAGE = 100;

export async function run(): Promise<BenchResult[]> {
  const { app, demo, caller } = await startDemoBench();
  const notion = demo.sandbox.state<NotionState>('/notion', 'acme');
  const database = [...notion.databases.values()].find((d) => d.title === 'Engineering Tasks')!;
  const rows = [...notion.pages.values()].filter(
    (p) => p.parent.type === 'data_source_id' && p.parent.database_id === database.id,
  );
  for (let i = rows.length; i < PAGES; i++) {
    const model = rows[i % rows.length];
    const id = notion.nextId();
    notion.pages.set(id, { ...model, id, properties: { ...model.properties } } satisfies PageRecord);
  }
  const listPages = app.registry.find('list_pages', 'unified_notes')!;
  const getPage = app.registry.find('get_page', 'unified_notes')!;
  const walk = async (): Promise<number> => {
    let seen = 0;
    let cursor: string | null = null;
    do {
      const page = (await app.executor.execute(caller, listPages, {
        database_id: database.id,
        limit: PAGE,
        ...(cursor ? { cursor } : {}),
      })) as {
        pages: unknown[];
        pagination: { next_cursor: string | null };
      };
      seen += page.pages.length;
      cursor = page.pagination.next_cursor;
    } while (cursor);
    return seen;
  };
  const read = () => app.executor.execute(caller, getPage, { database_id: database.id, page_id: rows[0].id });
  /** Requests one run of `work` sends, to Apideck (proxy and vault) and, forwarded, to Notion. */
  const requestsOf = async (work: () => Promise<unknown>) => {
    const before = demo.sandbox.faults.log.length;
    await work();
    const log = demo.sandbox.faults.log.slice(before);
    return {
      apideck: log.filter((r) => r.path.startsWith('/unify')).length,
      notion: log.filter((r) => r.path.startsWith('/notion')).length,
    };
  };
  try {
    const seen = await walk();
    if (seen !== PAGES) throw new Error(`expected ${PAGES} pages, walked ${seen}`);
    const walkCost = await requestsOf(walk);
    const readCost = await requestsOf(read);
    const walks = (await time(walk, 10, 2)).sort((a, b) => a - b);
    const reads = (await time(read, 50, 5)).sort((a, b) => a - b);
    return [
      {
        suite: SUITE,
        name: `walk ${PAGES} database pages by cursor, pages of ${PAGE} (median)`,
        value: median(walks),
        unit: 'ms',
        note: `${PAGES / PAGE} pages; ${walkCost.apideck} Apideck requests, ${walkCost.notion} of them forwarded to Notion`,
      },
      {
        suite: SUITE,
        name: `walk ${PAGES} database pages by cursor, pages of ${PAGE} (p90)`,
        value: percentile(walks, 90),
        unit: 'ms',
      },
      {
        suite: SUITE,
        name: 'read one page with its description (median)',
        value: median(reads),
        unit: 'ms',
        note: `${readCost.apideck} Apideck requests, ${readCost.notion} of them forwarded to Notion`,
      },
    ];
  } finally {
    await app.close();
  }
}
