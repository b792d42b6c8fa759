import { createApp, type App, type CreateAppOptions, type DemoMode } from '../app.js';
import { integrationsOf } from '../catalog/manifest.js';
import type { Config } from '../config/config.js';
import type { AnyIntegration } from '../integrations/integration.js';
import { systemClock, type Clock } from '../toolkit/context.js';
import { loadManifests } from '../../tools/catalog.js';
import { WORKSPACE_IDS } from '../sandbox/credentials.js';
import { startSandbox, type SandboxOptions } from '../sandbox/server.js';
import { DemoEnvironment, fakesOf, loadDemos, resolvingSandboxReferences } from './environment.js';
import { grantConsentAhead, perUserApiRoots, sandboxProviders } from './authorizations.js';

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
  const sandbox = await startSandbox({ clock, ...options }, fakesOf(demos));
  const environment = new DemoEnvironment(sandbox, demos);
  return {
    sandbox,
    environment,
    credentialRewrites: [resolvingSandboxReferences(sandbox), perUserApiRoots(sandbox, demos)],
    oauthProviders: sandboxProviders(sandbox, demos, clock),
    async prepare(services) {
      for (const id of WORKSPACE_IDS) {
        const identity = sandbox.seeds[id].identity;
        await services.tenants.ensure({
          id,
          consumerId: environment.consumerOf(id),
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
  const manifests = options.manifests ?? (await loadManifests());
  const demo = await startDemo(integrationsOf(manifests), options.clock ?? systemClock, sandboxOptions);
  try {
    return { app: await createApp(config, { ...options, manifests, demo }), demo: demo.environment };
  } catch (error) {
    await demo.sandbox.close();
    throw error;
  }
}
