import { describe, expect, it } from 'vitest';
import { utf8Bytes } from './utf8Bytes.ts';

describe('UTF-8 bytes of an export', () => {
  it('are the same bytes the browser encoder writes, for ASCII and for names beyond it', () => {
    for (const text of [
      '"101","SMITH, JANE","$1,234.56"\r\n',
      '"102","MUÑOZ, JOSÉ","O’BRIEN","中"',
      '',
      'emoji 🙂 last',
    ]) {
      expect([...utf8Bytes(text)]).toEqual([...new TextEncoder().encode(text)]);
    }
  });
});
