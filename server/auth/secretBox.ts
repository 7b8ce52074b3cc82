/**
 * Secrets kept at rest sealed with AES-256-GCM (the authenticator keys of the users): a copy of
 * the database without the key opens no second factor. A sealed value is `v1:` and the base64 of
 * a fresh 12-byte IV, the 16-byte tag and the ciphertext; a value without the prefix is one
 * written before sealing existed, read as it is until the start-up sweep seals it.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const PREFIX = 'v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('A secret key is 32 bytes.');
  }

  seal(plain: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64');
  }

  /** The plain secret; throws when the value was sealed with another key or changed. */
  open(stored: string): string {
    if (!isSealed(stored)) return stored;
    const bytes = Buffer.from(stored.slice(PREFIX.length), 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, IV_BYTES));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  }
}

export function isSealed(stored: string): boolean {
  return stored.startsWith(PREFIX);
}

/** A key from its text: 64 hex characters, or the base64 of 32 bytes. */
export function parseSecretKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== 32)
    throw new Error('TOTP_KEY must be 32 bytes: 64 hex characters (openssl rand -hex 32) or their base64.');
  return key;
}
