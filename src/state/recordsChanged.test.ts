import { describe, expect, it } from 'vitest';
import { concerns, recordsChanged, watchRecords, type RecordsNotice, type RecordsWatch } from './recordsChanged.ts';

/** A screen that reads again on each notice its watch is concerned by, counting its reads. */
function screen(watch: RecordsWatch) {
  const screen = { reads: 0, notices: [] as RecordsNotice[], stop: () => undefined as void };
  screen.stop = watchRecords(watch, (notice) => {
    screen.reads += 1;
    screen.notices.push(notice);
  });
  return screen;
}

describe('recordsChanged', () => {
  it('reaches every screen that watches the kind, and no other', () => {
    const eraList = screen({ eraCheck: 'all' });
    const claimList = screen({ claim: 'all' });
    const batches = screen({ paymentBatch: 'all', posting: 'all' });
    recordsChanged('eraCheck', [7]);
    expect([eraList.reads, claimList.reads, batches.reads]).toEqual([1, 0, 0]);
    expect(eraList.notices).toEqual([{ kind: 'eraCheck', ids: [7] }]);
    recordsChanged('posting', [90]);
    recordsChanged('claim', [41, 42]);
    expect([eraList.reads, claimList.reads, batches.reads]).toEqual([1, 1, 1]);
    for (const each of [eraList, claimList, batches]) each.stop();
  });

  it('reaches a screen watching some ids only for those ids, or for a notice that names none', () => {
    const claimDetail = screen({ claim: [41] });
    recordsChanged('claim', [42]);
    expect(claimDetail.reads).toBe(0);
    recordsChanged('claim', [40, 41]);
    expect(claimDetail.reads).toBe(1);
    // "Some claims changed, which is not known": every claim screen reads again.
    recordsChanged('claim');
    expect(claimDetail.reads).toBe(2);
    expect(claimDetail.notices[1]).toEqual({ kind: 'claim', ids: null });
    claimDetail.stop();
  });

  it('says nothing for an empty list of ids, and nothing to a screen that stopped watching', () => {
    const claimList = screen({ claim: 'all' });
    recordsChanged('claim', []);
    expect(claimList.reads).toBe(0);
    claimList.stop();
    recordsChanged('claim', [1]);
    expect(claimList.reads).toBe(0);
  });

  it('hands each listener its own copy of the ids', () => {
    const ids = [5];
    const list = screen({ advance: 'all' });
    recordsChanged('advance', ids);
    ids.push(6);
    expect(list.notices[0]?.ids).toEqual([5]);
    list.stop();
  });
});

describe('concerns', () => {
  it('matches by kind, then by id', () => {
    expect(concerns({ claim: 'all' }, { kind: 'claim', ids: [1] })).toBe(true);
    expect(concerns({ claim: [2] }, { kind: 'claim', ids: [1] })).toBe(false);
    expect(concerns({ claim: [2] }, { kind: 'claim', ids: null })).toBe(true);
    expect(concerns({ claim: 'all' }, { kind: 'posting', ids: null })).toBe(false);
    expect(concerns({}, { kind: 'claim', ids: null })).toBe(false);
  });
});
