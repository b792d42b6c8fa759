#!/usr/bin/env node
import { main } from '../dist/bundle/main.js';

main(process.argv.slice(2)).catch((error) => {
  process.stderr.write(`constellation: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
