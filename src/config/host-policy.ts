/**
 * DNS-rebinding protection shared by the server and the sandbox's control API: which Host and Origin
 * headers a listener answers. Pure, so each listener renders the refusal in its own error form.
 */

const LOCAL_HOSTS = ['localhost', '127.0.0.1', '[::1]', '::1'];

/** Whether a URL's host name is this machine's loopback. */
export const isLoopbackHost = (hostname: string): boolean => LOCAL_HOSTS.includes(hostname.toLowerCase());

interface HostPolicyOptions {
  /** Extra host names (or URLs); `*` allows any host. */
  allowedHosts: readonly string[];
  /**
   * Browser origins allowed besides those whose host is allowed. `Origin: null` (sandboxed frames, file:
   * pages, some redirects) passes only when this lists `null`.
   */
  allowedOrigins: readonly string[];
  /** The bound host, allowed unless it is a wildcard address. */
  host?: string;
  /** Where an operator lists origins, named in the refusal of `Origin: null`. */
  originsSetting: string;
}

function hostnameOf(value: string): string | undefined {
  try {
    return new URL(value.includes('://') ? value : `http://${value}`).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

/** Host names allowed: loopback, the bound host and the configured ones, or 'any'. */
function allowedHostnames(options: Pick<HostPolicyOptions, 'allowedHosts' | 'host'>): Set<string> | 'any' {
  if (options.allowedHosts.includes('*')) return 'any';
  const hosts = new Set([...LOCAL_HOSTS, ...options.allowedHosts.map((h) => hostnameOf(h) ?? h.toLowerCase())]);
  if (options.host && options.host !== '0.0.0.0' && options.host !== '::')
    hosts.add(hostnameOf(options.host) ?? options.host);
  return hosts;
}

/** Returns why a request's Host or Origin is refused, or undefined when it may pass. */
export function hostPolicy(
  options: HostPolicyOptions,
): (headers: { host?: string; origin?: string }) => string | undefined {
  const hosts = allowedHostnames(options);
  const origins = new Set(options.allowedOrigins.map((o) => o.replace(/\/$/, '').toLowerCase()));
  return ({ host, origin }) => {
    if (hosts !== 'any') {
      const hostname = hostnameOf(host ?? '');
      if (!hostname || !hosts.has(hostname)) return `Host not allowed: ${host ?? '(none)'}`;
    }
    if (!origin) return undefined;
    if (origins.has(origin.toLowerCase())) return undefined;
    if (origin === 'null') return `Origin not allowed: null (list "null" in ${options.originsSetting} to allow it)`;
    const originHost = hostnameOf(origin);
    if (!originHost || (hosts !== 'any' && !hosts.has(originHost))) return `Origin not allowed: ${origin}`;
    return undefined;
  };
}
