// What starting a server (`serve`, `mcp`) loads, as one module: imported one by one, each was its own entry of the
// bundle, and esbuild split the code they share into a chunk for each set of them that shares it (Node resolved
// and loaded over a hundred chunks before the first tools/list). Express, the demo, the PostgreSQL driver and
// the relay to a team server stay loaded by the starts that use them.
export { loadOutlines, loadSelectedCatalog, loadStdioCatalog } from '../../tools/catalog.js';
export { credentialVariablesOf } from '../catalog/outline.js';
export { loadConfig } from '../config/config.js';
export { serverSelectionOf, serverSelectionProblem } from '../mcp/exposure.js';
export { openBackend } from '../database.js';
export { createApp } from '../app.js';
export { guardProcess } from '../http/crash-guard.js';
export { McpSurface } from '../mcp/server.js';
export { storedListEntries } from '../mcp/stored-entries.js';
export { serveStdio } from '../mcp/stdio.js';
