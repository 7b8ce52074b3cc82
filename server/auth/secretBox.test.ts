import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SecretBox, isSealed, parseSecretKey } from './secretBox.ts';
import { TOTP_KEY_FILE, loadTotpKey } from './totpKey.ts';

const SECRET = 'JBSWY3DPEHPK3PXP';

describe('sealing authenticator secrets', () => {
  const box = new SecretBox(randomBytes(32));

  it('seals a secret so it is not readable, and opens it again', () => {
    const sealed = box.seal(SECRET);
    expect(sealed).not.toContain(SECRET);
    expect(isSealed(sealed)).toBe(true);
    expect(box.open(sealed)).toBe(SECRET);
  });

  it('seals the same secret differently each time (a fresh IV)', () => {
    expect(box.seal(SECRET)).not.toBe(box.seal(SECRET));
  });

  it('refuses a value changed at rest or sealed with another key', () => {
    const sealed = box.seal(SECRET);
    const bytes = Buffer.from(sealed.slice(3), 'base64');
    bytes[bytes.length - 1]! ^= 1;
    expect(() => box.open(`v1:${bytes.toString('base64')}`)).toThrow();
    expect(() => new SecretBox(randomBytes(32)).open(sealed)).toThrow();
  });

  it('reads a secret written before sealing as it is, until the start-up sweep seals it', () => {
    expect(box.open(SECRET)).toBe(SECRET);
  });

  it('takes a key as 64 hex characters or base64 of 32 bytes, and refuses anything else', () => {
    const key = randomBytes(32);
    expect(parseSecretKey(key.toString('hex'))).toEqual(key);
    expect(parseSecretKey(key.toString('base64'))).toEqual(key);
    expect(() => parseSecretKey('too-short')).toThrow(/TOTP_KEY must be 32 bytes/);
  });
});

describe('the TOTP key', () => {
  it('is generated into the data folder on the first start, readable by the owner only, and read from there after', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'totp-key-'));
    try {
      const first = loadTotpKey({ totpKey: undefined, embedded: true, dataDir });
      const file = join(dataDir, TOTP_KEY_FILE);
      expect((await readFile(file, 'utf8')).trim()).toBe(first.toString('hex'));
      expect((await stat(file)).mode & 0o077).toBe(0);
      expect(loadTotpKey({ totpKey: undefined, embedded: true, dataDir })).toEqual(first);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('comes from TOTP_KEY when set, and must be set for PostgreSQL', () => {
    const key = randomBytes(32);
    expect(loadTotpKey({ totpKey: key.toString('hex'), embedded: false, dataDir: '/nonexistent' })).toEqual(key);
    expect(() => loadTotpKey({ totpKey: undefined, embedded: false, dataDir: '/nonexistent' })).toThrow(
      /TOTP_KEY must be set/,
    );
  });
});
