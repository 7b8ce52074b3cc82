import { describe, expect, it } from 'vitest';
import { isAllowedPath, matchesAllowedLink } from './matchesAllowedLink.ts';

describe('matchesAllowedLink (SPEC point 2)', () => {
  it('matches equal paths', () => {
    expect(matchesAllowedLink('/app/all-claims', '/app/all-claims')).toBe(true);
    expect(matchesAllowedLink('/app/all-claims', '/app/patient-search')).toBe(false);
  });

  it('lets a bracketed segment match any value', () => {
    expect(matchesAllowedLink('/app/claim-detail/123', '/app/claim-detail/[claim_id]')).toBe(true);
    expect(matchesAllowedLink('/setting/users/a%40b.test', '/setting/users/[user_email]')).toBe(true);
    expect(matchesAllowedLink('/app/claim-summary/123', '/app/claim-detail/[claim_id]')).toBe(false);
  });

  it('needs the same segment count', () => {
    expect(matchesAllowedLink('/app/claim-detail', '/app/claim-detail/[claim_id]')).toBe(false);
    expect(matchesAllowedLink('/app/claim-detail/1/2', '/app/claim-detail/[claim_id]')).toBe(false);
    expect(matchesAllowedLink('/app/all-claims/1', '/app/all-claims')).toBe(false);
  });

  it('ignores a trailing slash, the query and the hash', () => {
    expect(matchesAllowedLink('/app/all-claims/?q=1#top', '/app/all-claims')).toBe(true);
  });

  it('does not treat brackets in the path as a wildcard', () => {
    expect(matchesAllowedLink('/app/claim-detail/[claim_id]', '/app/claim-detail/7')).toBe(false);
  });

  it('allows a path when any link matches', () => {
    expect(isAllowedPath('/setting/group/9', ['/app/all-claims', '/setting/group/[group_id]'])).toBe(true);
    expect(isAllowedPath('/setting/group/9', [])).toBe(false);
  });
});
