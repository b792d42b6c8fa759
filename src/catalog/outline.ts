import type { SystemManifest } from './manifest.js';

/**
 * What central code needs of every system even when only some are loaded (`--toolsets`): the graph's
 * words for its nodes and the variables its credentials come from. Kept in `tools/<system>/outline.ts`,
 * which imports no tool, schema or SDK; the manifest takes its fields from there.
 */
export interface SystemOutline extends Pick<SystemManifest, 'entityTypes' | 'mentions' | 'namedByLabel'> {
  /** The environment variables of the system's integrations (their `env`), in the order the manifest names them. */
  credentialVariables?: readonly string[];
}

/** Every outline's credential variables, each once, in catalog order: those of `integrationsOf` every manifest. */
export function credentialVariablesOf(outlines: readonly SystemOutline[]): string[] {
  return [...new Set(outlines.flatMap((outline) => outline.credentialVariables ?? []))];
}
