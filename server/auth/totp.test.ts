import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, matchTotp, newTotpSecret, totpCode, totpStep } from './totp.ts';

// RFC 6238 appendix B, SHA-1 key "12345678901234567890"; authenticator apps show the last 6 digits.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('TOTP', () => {
  it('matches the RFC 6238 test vectors', () => {
    expect(totpCode(RFC_SECRET, 59_000)).toBe('287082');
    expect(totpCode(RFC_SECRET, 1_111_111_109_000)).toBe('081804');
    expect(totpCode(RFC_SECRET, 1_234_567_890_000)).toBe('005924');
    expect(totpCode(RFC_SECRET, 2_000_000_000_000)).toBe('279037');
  });

  it('decodes what it encodes, and the demo secret', () => {
    const secret = newTotpSecret();
    expect(base32Encode(base32Decode(secret))).toBe(secret);
    expect(base32Decode('JBSWY3DPEHPK3PXP').toString('latin1')).toBe('Hello!\u00de\u00ad\u00be\u00ef');
  });

  it('accepts one step of clock drift either way and nothing further', () => {
    const now = 1_700_000_000_000;
    const step = totpStep(now);
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, now - 30_000), now)).toBe(step - 1);
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, now + 30_000), now)).toBe(step + 1);
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, now - 90_000), now)).toBeNull();
  });
});
