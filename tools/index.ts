import { Registry } from '../src/toolkit/registry.js';
import { codeHostSystem, codeHostTools } from './code_host/index.js';
import { graphSystem, graphTools } from './graph/index.js';

/** The catalog: every system with its domain record and tools. Each system's issue adds its own. */
export const SYSTEMS = [codeHostSystem, graphSystem];
export const TOOLS = [...codeHostTools, ...graphTools];

export function buildRegistry(): Registry {
  return new Registry(SYSTEMS, TOOLS);
}
