import { it } from 'vitest';
import { installFor } from '../helpers/chat.js';
import { call, startTestServer, TEST_API_KEY } from '../helpers/server.js';

it('debug', async () => {
  const server = await startTestServer();
  const [person] = server.sandbox.seeds.acme.people;
  const token = await server.tokenFor('acme', person.email);
  await installFor(server, person.email, 'bot-and-user');
  await call(server, 'PUT', '/admin/tenants/acme/sync', { apiKey: TEST_API_KEY, body: { enabled: true, interval_minutes: 60, initial_window_days: 3650 } });
  await server.app.sync.runNow('acme');
  await server.app.services.graph?.drain();
  console.log(JSON.stringify((await call(server, 'GET', '/graph/sync/status', { token })).body, null, 1));
  console.log(JSON.stringify((await call(server, 'POST', '/mcp/graph/execute', { token, body: { tool: 'get_person', arguments: { person: person.email } } })).body).slice(0, 1500));
  console.log(person.login, person.email);
  const audit = await fetch(`${server.url}/admin/audit?tenant_id=acme`, { headers: { 'X-API-KEY': TEST_API_KEY } });
  console.log((await audit.text()).split('\n').filter((l) => l.includes('chat')).slice(0, 3).join('\n'));
  await server.close();
});
