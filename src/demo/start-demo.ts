import { createApp, type App, type CreateAppOptions, type DemoMode } from '../app.js';
import { integrationsOf } from '../catalog/manifest.js';
import type { Config } from '../config/config.js';
import type { AnyIntegration } from '../integrations/integration.js';
import { systemClock, type Clock } from '../toolkit/context.js';
import { MANIFESTS } from '../../tools/index.js';
import { SANDBOX_CREDENTIALS, WORKSPACE_IDS } from '../sandbox/credentials.js';
import type { FakeUpstream } from '../sandbox/fake-upstream.js';
import { startSandbox, type SandboxOptions } from '../sandbox/server.js';
import { unifyFake } from '../sandbox/apideck/index.js';
import { DemoEnvironment, fakesOf, loadDemos, resolvingSandboxReferences, type LoadedDemo } from './environment.js';
import { grantConsentAhead, perUserApiRoots, sandboxProviders } from './authorizations.js';

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
 * Demo mode: starts every integration's fake in-process. The app built with it creates the tenants
 * `acme` and `globex`, whose demo tokens carry connections pointing at the sandbox (by reference,
 * resolved to its current address when a client is built, so tokens outlive a restart).
 */
async function startDemo(
  integrations: readonly AnyIntegration[],
  clock: Clock,
  options: SandboxOptions = {},
): Promise<DemoMode> {
  const demos = await loadDemos(integrations);
  const sandbox = await startSandbox({ clock, ...options }, sandboxFakes(demos));
  const environment = new DemoEnvironment(sandbox, demos);
  return {
    sandbox,
    environment,
    credentialRewrites: [resolvingSandboxReferences(sandbox), perUserApiRoots(sandbox, demos)],
    oauthProviders: sandboxProviders(sandbox, demos, clock),
    prepare(services) {
      for (const id of WORKSPACE_IDS) {
        const identity = sandbox.seeds[id].identity;
        services.tenants.ensure({
          id,
          consumerId: SANDBOX_CREDENTIALS[id].unify.consumerId,
          name: identity.orgName,
          description: `Demo tenant backed by the sandbox workspace "${id}"`,
        });
      }
      grantConsentAhead(services, sandbox, environment, demos);
    },
  };
}

/** A demo-mode app: the sandbox starts first, and the app is built over it (and closes it last). */
export async function createDemoApp(
  config: Config,
  options: Omit<CreateAppOptions, 'demo'> = {},
  sandboxOptions: SandboxOptions = {},
): Promise<{ app: App; demo: DemoEnvironment }> {
  const manifests = options.manifests ?? MANIFESTS;
  const demo = await startDemo(integrationsOf(manifests), options.clock ?? systemClock, sandboxOptions);
  try {
    return { app: createApp(config, { ...options, manifests, demo }), demo: demo.environment };
  } catch (error) {
    await demo.sandbox.close();
    throw error;
  }
}
