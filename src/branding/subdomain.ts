/**
 * SPEC point 1: the branding is chosen by the first label of the host name
 * (`demo.example.com` -> `demo`). An IP address has no such label: default branding.
 */
export function subdomainOf(hostname: string): string | null {
  const host = hostname.trim().toLowerCase().replace(/\.$/, '');
  if (host === '' || /^[\d.]+$/.test(host) || host.includes(':')) return null;
  return host.split('.')[0] ?? null;
}
