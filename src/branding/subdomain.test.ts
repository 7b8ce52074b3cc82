import { describe, expect, it } from 'vitest';
import { subdomainOf } from './subdomain.ts';

describe('subdomainOf', () => {
  it('takes the first label of the host name', () => {
    expect(subdomainOf('demo.localhost')).toBe('demo');
    expect(subdomainOf('Northwind.Billing.Example.com')).toBe('northwind');
    expect(subdomainOf('localhost')).toBe('localhost');
  });

  it('has none for an IP address', () => {
    expect(subdomainOf('127.0.0.1')).toBeNull();
    expect(subdomainOf('[::1]')).toBeNull();
    expect(subdomainOf('')).toBeNull();
  });
});
