import type { App } from '../app.js';
import { SANDBOX_CREDENTIALS, WORKSPACE_IDS } from '../sandbox/credentials.js';
import type { FakeUpstream } from '../sandbox/fake-upstream.js';
import { startSandbox, type SandboxOptions } from '../sandbox/server.js';
import { unifyFake } from '../sandbox/unify/index.js';
import { DemoEnvironment, fakesOf, loadDemos, resolvingSandboxReferences, type LoadedDemo } from './environment.js';
import { installDemoAuthorizations } from './authorizations.js';

/**
 * Every fake the sandbox serves: each integration's (a per-user integration's fake is also the OAuth
 * server of its authorization), and Apideck, whose Vault the platform's own /auth routes use and whose
 * Proxy API reaches the other fakes, even when no system of the catalog uses it.
 */
export function sandboxFakes(demos: readonly LoadedDemo[]): FakeUpstream[] {
  const fakes = fakesOf(demos);
  return fakes.some((known) => known.prefix === unifyFake.prefix) ? fakes : [...fakes, unifyFake];
}

/**
 * Demo mode: starts every integration's fake in-process and creates the tenants `acme` and `globex`,
 * whose demo tokens carry connections pointing at the sandbox (by reference, resolved to its current
 * address when a client is built, so tokens outlive a restart).
 */
export async function startDemo(app: App, options: SandboxOptions = {}): Promise<DemoEnvironment> {
  const demos = await loadDemos(app.integrations);
  const sandbox = await startSandbox({ clock: app.clock, ...options }, sandboxFakes(demos));
  const demo = new DemoEnvironment(sandbox, demos);
  app.sandbox = sandbox;
  app.connections.addCredentialRewrite(resolvingSandboxReferences(sandbox));
  app.demo = demo;
  app.onClose(() => sandbox.close());
  for (const id of WORKSPACE_IDS) {
    const identity = sandbox.seeds[id].identity;
    app.tenants.ensure({
      id,
      consumerId: SANDBOX_CREDENTIALS[id].unify.consumerId,
      name: identity.orgName,
      description: `Demo tenant backed by the sandbox workspace "${id}"`,
    });
  }
  installDemoAuthorizations(app, sandbox, demo, demos);
  return demo;
}
