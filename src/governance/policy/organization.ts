import type { Caller, Clock } from '../../toolkit/context.js';
import type { TenantPolicies } from './tenant-policies.js';

/** How long the domains of a tenant's users are kept before they are read again. */
const USER_DOMAINS_TTL_MS = 60_000;

/** The domain of an email address, lowercased; undefined when it has none. */
export function domainOf(address: string): string | undefined {
  const at = address.lastIndexOf('@');
  const domain =
    at > 0
      ? address
          .slice(at + 1)
          .trim()
          .toLowerCase()
      : '';
  return domain || undefined;
}

/**
 * Which email domains are a tenant's organisation: those its policy lists (`organization_domains`), else the
 * domains of the tenant's own users (those known to the server, and the caller's own).
 */
export class OrganizationDomains {
  private readonly usersDomains = new Map<string, { readAt: number; domains: readonly string[] }>();

  constructor(
    private readonly policies: TenantPolicies,
    /** The emails of the tenant's users the server knows. */
    private readonly tenantUsers: (tenantId: string) => Promise<readonly string[]>,
    private readonly clock: Clock,
  ) {}

  /** Whether an email address is in the caller's organisation. */
  async membershipOf(caller: Caller): Promise<(address: string) => boolean> {
    const domains = await this.of(caller);
    return (address) => domains.has(domainOf(address) ?? '');
  }

  async of(caller: Caller): Promise<ReadonlySet<string>> {
    await this.policies.load(caller);
    const listed = this.policies.organizationDomains(caller.tenantId);
    if (listed.length > 0) return new Set(listed);
    const domains = new Set(await this.domainsOfUsers(caller.tenantId));
    const own = caller.userEmail ? domainOf(caller.userEmail) : undefined;
    if (own) domains.add(own);
    return domains;
  }

  private async domainsOfUsers(tenantId: string): Promise<readonly string[]> {
    const now = this.clock.now();
    const cached = this.usersDomains.get(tenantId);
    if (cached && now - cached.readAt < USER_DOMAINS_TTL_MS) return cached.domains;
    const emails = await this.tenantUsers(tenantId);
    const domains = [...new Set(emails.map(domainOf).filter((d): d is string => d !== undefined))];
    this.usersDomains.set(tenantId, { readAt: now, domains });
    return domains;
  }
}
