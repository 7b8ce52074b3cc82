import { describe, expect, it } from 'vitest';
import { looksLikeRecord } from './records.ts';

describe('looksLikeRecord', () => {
  it('sends claim IDs, account numbers and names to the server search', () => {
    for (const text of ['300', ' 1234567 ', 'LMB000123', 'lmb0001', 'sm', 'smith, jane', 'Jane Smith', "o'neil"])
      expect(looksLikeRecord(text), text).toBe(true);
  });

  it('keeps command words and noise local', () => {
    for (const text of ['', 'g', 'go to claims', 'add note to claims', '$12', '?', '1234567890123456'])
      expect(looksLikeRecord(text), text).toBe(false);
  });
});
