import { VERSION } from '../../version.js';
import type { RouteContext } from '../route-context.js';
import type { RouteModule } from '../route-module.js';

const README_URL = 'https://github.com/constellation-mcp/constellation#readme';

/** The links of the start page; the demo tokens only exist in demo mode. */
function links(app: Pick<RouteContext, 'config'>): Array<{ href: string; label: string }> {
  return [
    ...(app.config.demo ? [{ href: '/demo', label: 'Demo tokens and sandbox URLs (JSON)' }] : []),
    { href: '/graph/visualizer', label: 'Knowledge graph visualizer' },
    { href: '/openapi.json', label: 'OpenAPI document of the REST API' },
    { href: '/health', label: 'Health' },
    { href: README_URL, label: 'README on GitHub' },
  ];
}

function homeHtml(app: Pick<RouteContext, 'config'>): string {
  const items = links(app)
    .map((link) => `<li><a href="${link.href}">${link.label}</a></li>`)
    .join('\n      ');
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <title>Constellation ${VERSION}</title>
  </head>
  <body>
    <h1>Constellation ${VERSION}</h1>
    <p>An MCP server that gives AI agents one interface to a team's systems. MCP clients connect to <code>/mcp</code>.</p>
    <ul>
      ${items}
    </ul>
  </body>
</html>
`;
}

/** `GET /`: a small page pointing a person who opened the server in a browser to what it serves. */
export const homeRoute: RouteModule<Pick<RouteContext, 'config'>> = (routes, app) => {
  const operation = {
    method: 'get',
    path: '/',
    operationId: 'getHome',
    summary: 'Start page with links to what this server serves',
    tag: 'system',
    security: 'none',
    response: { text: 'text/html' },
  } as const;
  routes.add(operation, (_req, res) => {
    // No scripts, styles or external assets: the page is text and links only.
    res.setHeader(
      'Content-Security-Policy',
      "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
    res.type('html').send(homeHtml(app));
  });
};
