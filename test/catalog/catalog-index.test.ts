import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { SystemManifest } from '../../src/catalog/manifest.js';
import { GROWN_REQUESTS } from '../../bench/tool-search/requests-added.js';
import { THIRD_REQUESTS } from '../../bench/tool-search/requests-third.js';
import { CATALOG_INDEX_FILE, storedCatalogIndex, storedFormOf } from '../../src/catalog/catalog-index.js';
import { CatalogSearch } from '../../src/mcp/catalog-search.js';
import { hitView } from '../../src/mcp/search/hit.js';
import { catalogIndexOf } from '../../src/mcp/stored-entries.js';
import { mcpTool } from '../../src/mcp/tool-list.js';
import { loadIndexedCatalog } from '../../tools/catalog.js';
import { buildRegistry, MANIFESTS } from '../../tools/index.js';

// A default-mode start lists, searches and describes the catalog from the index stored with the bundle,
// loading a system's modules only when one of its tools runs: the index must be exactly what the
// catalog's modules give, and the catalog it stands for must answer as theirs does.

const live = buildRegistry();
const stored = storedCatalogIndex(new URL(`../../dist/bundle/${CATALOG_INDEX_FILE}`, import.meta.url));

describe('the catalog index stored with the bundle', () => {
  it('is what the catalog’s modules give', () => {
    expect(stored).toEqual(catalogIndexOf(live, MANIFESTS));
  });
});

describe('the catalog of an index stored apart from its tools’ hints and schemas', () => {
  it('reads them only when a list or a description asks for them', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'catalog-index-'));
    const { index, apart } = storedFormOf(catalogIndexOf(live, MANIFESTS));
    writeFileSync(join(folder, CATALOG_INDEX_FILE), JSON.stringify(index));
    const read = storedCatalogIndex(pathToFileURL(join(folder, CATALOG_INDEX_FILE)));
    expect(read).toBeDefined();
    if (!read) return;
    const { registry: indexed } = await loadIndexedCatalog(read);
    // Written after the catalog is built from the index: had the start read them, it would have found none.
    for (const [name, values] of Object.entries(apart)) writeFileSync(join(folder, name), JSON.stringify(values));

    expect(indexed.tools.map((tool) => mcpTool(indexed, tool))).toEqual(live.tools.map((tool) => mcpTool(live, tool)));
    expect(
      indexed.tools.map((tool) => ({ ...indexed.descriptor(tool), output: indexed.outputJsonSchema(tool) })),
    ).toEqual(live.tools.map((tool) => ({ ...live.descriptor(tool), output: live.outputJsonSchema(tool) })));
  });
});

describe('an index whose side files are missing', () => {
  it('names the missing file when a tool first needs it, rather than listing the tool without its schema', () => {
    const folder = mkdtempSync(join(tmpdir(), 'catalog-index-'));
    const { index, apart } = storedFormOf(catalogIndexOf(live, MANIFESTS));
    // Every system has each side file, even one none of its tools fills.
    const systems = new Set(index.tools.map((tool) => tool.system));
    expect(Object.keys(apart)).toHaveLength(systems.size * 3);
    writeFileSync(join(folder, CATALOG_INDEX_FILE), JSON.stringify(index));
    const read = storedCatalogIndex(pathToFileURL(join(folder, CATALOG_INDEX_FILE)));
    const tool = read?.tools[0];
    expect(() => tool?.outputSchema).toThrow(/catalog-output-schemas-.*\.json is missing: rebuild with npm run build/);
  });
});

describe('the catalog of the index', () => {
  it('ranks every tool-search request as the modules’ catalog does, before any system is loaded', async () => {
    const { registry: indexed } = await loadIndexedCatalog(catalogIndexOf(live, MANIFESTS));
    const ranked = (search: CatalogSearch, query: string) => search.search(query, { limit: 5 }).map(hitView);
    const ours = new CatalogSearch(indexed, indexed.tools);
    const theirs = new CatalogSearch(live, live.tools);
    for (const { query } of [...GROWN_REQUESTS, ...THIRD_REQUESTS])
      expect(ranked(ours, query), query).toEqual(ranked(theirs, query));
    expect(indexed.tools.filter((tool) => indexed.isLoaded(tool))).toEqual([]);
  });

  it('lists and describes every tool as the modules’ catalog does, before any system is loaded', async () => {
    const { registry: indexed } = await loadIndexedCatalog(catalogIndexOf(live, MANIFESTS));
    expect(indexed.tools.map((tool) => mcpTool(indexed, tool))).toEqual(live.tools.map((tool) => mcpTool(live, tool)));
    expect(indexed.tools.map((tool) => indexed.outputJsonSchema(tool))).toEqual(
      live.tools.map((tool) => live.outputJsonSchema(tool)),
    );
    expect(indexed.tools.map((tool) => indexed.annotations(tool))).toEqual(
      live.tools.map((tool) => live.annotations(tool)),
    );
    expect(indexed.toolsetNames()).toEqual(live.toolsetNames());
    expect(indexed.tools.filter((tool) => indexed.isLoaded(tool))).toEqual([]);
  });

  it('knows the size of every tool’s list entry, which auto mode weighs before listing', async () => {
    const { registry: indexed } = await loadIndexedCatalog(catalogIndexOf(live, MANIFESTS));
    expect(indexed.tools.map((tool) => indexed.listEntryBytes(tool))).toEqual(
      live.tools.map((tool) => Buffer.byteLength(JSON.stringify(mcpTool(live, tool)))),
    );
  });

  it('loads a tool’s system when the tool is about to run, and that system alone', async () => {
    const { registry: indexed } = await loadIndexedCatalog(catalogIndexOf(live, MANIFESTS));
    const search = indexed.find('notes_search');
    expect(search).toBeDefined();
    if (!search) return;
    expect(() => indexed.inputSchema(search)).toThrow(/notes_search: its system is not loaded/);

    expect(await indexed.loaded(search)).toBe(search);
    expect(indexed.inputJsonSchema(search)).toEqual(live.inputJsonSchema(live.find('notes_search') ?? search));
    expect(typeof search.run).toBe('function');
    expect(indexed.tools.filter((tool) => indexed.isLoaded(tool)).map((tool) => tool.system)).toEqual(
      indexed.toolsOf('notes').map(() => 'notes'),
    );
    // Loaded, the tool is described from its schemas: still what the index said.
    expect(mcpTool(indexed, search)).toEqual(mcpTool(live, live.find('notes_search') ?? search));
  });

  it('loads every system’s tools as its module defines them', async () => {
    const { registry: indexed } = await loadIndexedCatalog(catalogIndexOf(live, MANIFESTS));
    await Promise.all(
      indexed.systems.flatMap((system) => indexed.toolsOf(system.id).slice(0, 1)).map((tool) => indexed.loaded(tool)),
    );
    expect(indexed.tools.every((tool) => indexed.isLoaded(tool))).toBe(true);
    expect(indexed.tools.map((tool) => indexed.inputJsonSchema(tool))).toEqual(
      live.tools.map((tool) => live.inputJsonSchema(tool)),
    );
  });

  it('stands in for every system’s manifest with what the app reads of it at start-up', async () => {
    const { manifests } = await loadIndexedCatalog(catalogIndexOf(live, MANIFESTS));
    const readAtStartUp = (m: SystemManifest) => ({
      system: m.system,
      integrations: m.integrations,
      authorization: m.authorization,
      extractor: m.extractor !== undefined,
      entityTypes: m.entityTypes,
      mentions: m.mentions,
      namedByLabel: m.namedByLabel,
    });
    expect(manifests.map(readAtStartUp)).toEqual(MANIFESTS.map(readAtStartUp));
  });
});
