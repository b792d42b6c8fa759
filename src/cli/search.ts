import { parseArgs } from 'node:util';

interface Output {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

const USAGE = 'Usage: constellation search <words...> [--system <id>] [--limit <1-25>]\n';

/**
 * `constellation search`: the catalog search of discovery mode and `GET /mcp/search`, offline, so a
 * person can see which tool a request finds and why. Returns the exit status.
 */
export async function runSearch(argv: string[], out: Output): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { system: { type: 'string' }, limit: { type: 'string' } },
    });
  } catch (error) {
    out.stderr(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }
  const query = parsed.positionals.join(' ').trim();
  const limit = Number(parsed.values.limit ?? 8);
  if (!query || !Number.isInteger(limit) || limit < 1 || limit > 25) {
    out.stderr(USAGE);
    return 2;
  }
  const { buildRegistry } = await import('../../tools/index.js');
  const { CatalogSearch } = await import('../mcp/catalog-search.js');
  const registry = buildRegistry();
  const hits = new CatalogSearch(registry, registry.tools).search(query, { system: parsed.values.system, limit });
  if (!hits.length) out.stderr(`No tool matches "${query}".\n`);
  hits.forEach(({ tool, reason }, i) =>
    out.stdout(`${i + 1}. ${tool.qualifiedName} (${tool.system}, ${tool.capability.type}): ${reason}\n`),
  );
  return hits.length ? 0 : 1;
}
