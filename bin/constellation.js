#!/usr/bin/env node
import { enableCompileCache } from 'node:module';

// Compiling the bundle is most of a start (an MCP host waits for it): Node keeps the compiled code in its
// cache folder under the system's temporary directory, so every start after the first skips it.
// NODE_DISABLE_COMPILE_CACHE=1 turns it off. The bundle is imported after, for the cache to cover it.
enableCompileCache?.();
const { main } = await import('../dist/bundle/main.js');

main(process.argv.slice(2)).catch((error) => {
  process.stderr.write(`constellation: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
