import { describe, expect, it } from 'vitest';
import { environmentVariables } from '../../src/auth/local-user.js';
import { integrationsOf, labelledTypesOf, mentionsOf, nodeTypesOf } from '../../src/catalog/manifest.js';
import { credentialVariablesOf } from '../../src/catalog/outline.js';
import { toolsetOf, type Registry, type ToolSelection } from '../../src/toolkit/registry.js';
import { loadOutlines, loadSelectedCatalog } from '../../tools/catalog.js';
import { buildRegistry, MANIFESTS } from '../../tools/index.js';
import { systemFolders } from '../../tools/systems.js';

// A server given --toolsets or --tools loads only the systems it serves (and those they read): what it
// serves must be exactly what the whole catalog serves for the same selection.

const whole = buildRegistry();

/** What a session sees of a selection: each tool's name, advertised input and output schemas. */
const served = (registry: Registry, selection: ToolSelection) =>
  registry.select(selection).map((tool) => ({
    name: tool.qualifiedName,
    input: registry.advertisedInputSchema(tool),
    output: registry.outputJsonSchema(tool),
    reaches: registry.integrationsOf(tool),
  }));

describe('the outlines of the systems', () => {
  it('say what the manifests say of node types, mentions, labelled types and credential variables', async () => {
    const outlines = await loadOutlines();
    expect(nodeTypesOf(outlines)).toEqual(nodeTypesOf(MANIFESTS));
    expect(mentionsOf(outlines)).toEqual(mentionsOf(MANIFESTS));
    expect(labelledTypesOf(outlines)).toEqual(labelledTypesOf(MANIFESTS));
    expect(credentialVariablesOf(outlines)).toEqual(environmentVariables(integrationsOf(MANIFESTS)));
  });

  it('name systems by their folders, and toolsets by their system first', () => {
    expect(MANIFESTS.map((m) => m.system.id)).toEqual(systemFolders());
    expect(whole.tools.filter((tool) => toolsetOf(tool).split('.')[0] !== tool.system)).toEqual([]);
  });
});

describe('a selected catalog', () => {
  const selections: ToolSelection[] = [
    { toolsets: ['notes'] },
    { toolsets: ['code_host.issues'], readOnly: true },
    { toolsets: ['insights'] },
    { toolsets: ['graph'] },
    { tools: ['ticketing_get_projects', 'notes_search'] },
    { toolsets: ['wiki'], tools: ['wiki_search'] },
  ];
  it.each(selections)('serves what the whole catalog serves for %j', async (selection) => {
    const { registry } = await loadSelectedCatalog(selection);
    expect(served(registry, selection)).toEqual(served(whole, selection));
  });

  it('loads only the systems named and those their tools read', async () => {
    const systemsFor = async (selection: ToolSelection) =>
      (await loadSelectedCatalog(selection)).manifests.map((m) => m.system.id);
    expect(await systemsFor({ toolsets: ['notes'] })).toEqual(['notes']);
    expect(await systemsFor({ tools: ['code_host_get_issues'] })).toEqual(['code_host']);
    expect(await systemsFor({ toolsets: ['insights'] })).toEqual(
      expect.arrayContaining(['insights', 'ticketing', 'code_host', 'wiki', 'suite', 'chat']),
    );
    // A name no system holds: the whole catalog answers, to name the valid ones.
    expect(await systemsFor({ toolsets: ['nope'] })).toEqual(systemFolders());
  });
});
