import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * The MCP Apps client library as a classic script that sets `window.McpApps` (App,
 * PostMessageTransport...). The package ships it self-contained (`app-with-deps`, an ES module whose
 * only export statement is its last); a view inlines it so it needs no network and no bundler, and
 * an ES module cannot be imported from inline script text in a sandboxed frame. Read once, on the
 * first render.
 */
let bundle: string | undefined;

export function appsLibraryScript(): string {
  if (bundle) return bundle;
  const source = readFileSync(require.resolve('@modelcontextprotocol/ext-apps/app-with-deps'), 'utf8').trimEnd();
  const match = /export\s*\{([^}]*)\};?$/.exec(source);
  if (!match) throw new Error('@modelcontextprotocol/ext-apps/app-with-deps no longer ends with its export list');
  const names = match[1].split(',').map((pair) => {
    const [local, exported = local] = pair.trim().split(/\s+as\s+/);
    return `${JSON.stringify(exported)}: ${local}`;
  });
  // `</script` inside the library would end the inline element early.
  const code = `${source.slice(0, match.index)}\nwindow.McpApps = { ${names.join(', ')} };`.replace(
    /<\/script/gi,
    '<\\/script',
  );
  bundle = `(function () {\n${code}\n})();`;
  return bundle;
}
