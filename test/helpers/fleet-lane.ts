import { createApp, type App, type CreateAppOptions } from '../../src/app.js';
import { integrationsOf } from '../../src/catalog/manifest.js';
import type { Config } from '../../src/config/config.js';
import { grantConsentAhead, perUserApiRoots, sandboxProviders } from '../../src/demo/authorizations.js';
import { loadDemos, resolvingSandboxReferences } from '../../src/demo/environment.js';
import { buildHttpApp, listen } from '../../src/http/server.js';
import { McpSurface, type McpSurfaceOptions } from '../../src/mcp/server.js';
import { systemClock } from '../../src/toolkit/context.js';
import { MANIFESTS } from '../../tools/index.js';
import { FLEET_LANE_VARIABLE } from './fleet-lane-files.js';
import { startRoundRobinProxy } from './round-robin-proxy.js';

export const onFleetLane = (): boolean => process.env[FLEET_LANE_VARIABLE] === '1';

export interface FleetOfApps {
  /** The proxy in front of both nodes. */
  url: string;
  /** Closes the proxy and the second node (the first is the caller's). */
  close(): Promise<void>;
}

/**
 * A second node beside `first`: an app over the same configuration (so the same database), pointed at
 * the first one's sandbox, whose demo tenants and consents the first one created already; then the
 * proxy over both listeners.
 */
export async function addSecondNode(
  first: { app: App; url: string },
  config: Config,
  options: Pick<CreateAppOptions, 'clock' | 'log' | 'manifests' | 'governancePolicy'>,
  surfaceOptions: McpSurfaceOptions,
): Promise<FleetOfApps> {
  const manifests = options.manifests ?? MANIFESTS;
  const { sandbox, demo: environment } = first.app;
  let second: App;
  if (sandbox && environment) {
    const demos = await loadDemos(integrationsOf(manifests));
    // The sandbox belongs to the first node, which closes it.
    const shared = { ...sandbox, close: () => Promise.resolve() };
    second = await createApp(config, {
      ...options,
      manifests,
      demo: {
        sandbox: shared,
        environment,
        credentialRewrites: [resolvingSandboxReferences(shared), perUserApiRoots(shared, demos)],
        oauthProviders: sandboxProviders(shared, demos, options.clock ?? systemClock),
        // The first node made the demo tenants; the demo users' consents given ahead are written on first
        // use, by the first node's vault (a second filler would write them again over later changes).
        prepare: ({ vault, clock }) => {
          const fillByFirstNode = (tenantId: string, provider: string) =>
            vault.fillOnFirstUse(tenantId, provider, async () => {
              await first.app.vault.get({ tenantId, userEmail: '' }, provider);
            });
          grantConsentAhead(
            { clock, vault: { fillOnFirstUse: fillByFirstNode, put: () => Promise.reject(new Error('not used')) } },
            shared,
            environment,
            demos,
          );
          return Promise.resolve();
        },
      },
    });
  } else second = await createApp(config, { ...options, manifests });
  const listening = await listen(second, buildHttpApp(second, new McpSurface(second, surfaceOptions)), 0, '127.0.0.1');
  const proxy = await startRoundRobinProxy([first.url, listening.url]);
  // Both nodes know their public address as the proxy's (links they hand out, such as consent pages).
  first.app.listeningAt(proxy.url);
  second.listeningAt(proxy.url);
  return {
    url: proxy.url,
    close: async () => {
      await proxy.close();
      await listening.close();
      await second.close();
    },
  };
}
