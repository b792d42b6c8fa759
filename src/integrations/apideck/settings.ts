import { AppError } from '../../toolkit/errors.js';
import type { PlatformAccounts } from '../integration.js';
import { UnifyClient, type UnifySettings } from './client.js';
import { UnifyCredentials } from './credentials.js';

/** Where the settings are found (the configuration, else demo mode's sandbox), and the tenants' consumers. */
export interface UnifyAccess {
  config: { unify?: UnifySettings };
  demo?: PlatformAccounts;
  tenants: { get(tenantId: string): Promise<{ consumerId: string }> };
}

const UnifyApplication = UnifyCredentials.omit({ consumerId: true });

/** The configured application, else in demo mode the sandbox's; undefined when neither is there. */
export function unifyApplication(app: Omit<UnifyAccess, 'tenants'>): UnifySettings | undefined {
  const demoAccount = app.config.unify ? undefined : app.demo?.platformAccountOf('unify');
  return app.config.unify ?? (demoAccount && UnifyApplication.parse(demoAccount));
}

/**
 * Where this server reaches Apideck: the configured application (APIDECK_API_KEY, APIDECK_APP_ID,
 * APIDECK_BASE_URL), else in demo mode the sandbox's fake. UNAVAILABLE (503) when neither is there.
 */
export function unifySettingsOf(app: Omit<UnifyAccess, 'tenants'>): UnifySettings {
  const settings = unifyApplication(app);
  if (!settings)
    throw new AppError('UNAVAILABLE', 'The unified API is not configured: set APIDECK_API_KEY and APIDECK_APP_ID');
  return settings;
}

/** A client of the unified API acting for one tenant: its Apideck consumer is the tenant's `consumerId` (404 for an unknown tenant). */
export async function unifyClientFor(app: UnifyAccess, tenantId: string): Promise<UnifyClient> {
  const settings = unifySettingsOf(app);
  return new UnifyClient(settings, (await app.tenants.get(tenantId)).consumerId);
}
