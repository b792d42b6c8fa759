import { readFileSync, writeFileSync } from 'node:fs';
import { withToolTable } from '../src/docs/tool-table.js';
import { buildRegistry } from '../tools/index.js';

// Regenerates the README's tool table from the catalog.
const path = new URL('../README.md', import.meta.url);
writeFileSync(path, withToolTable(readFileSync(path, 'utf8'), buildRegistry()));
