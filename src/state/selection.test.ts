import { beforeEach, describe, expect, it } from 'vitest';
import { selection, selectionSettled, selectRecords, setPendingSelectionWrite } from './selection.ts';
import { resetStores } from './store.ts';

beforeEach(() => {
  resetStores();
});

describe('selectionSettled', () => {
  it('makes a scheduled write at once, once, and waits for its ids', async () => {
    let writes = 0;
    const unregister = setPendingSelectionWrite(async () => {
      writes += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      selectRecords('claim', [11, 12]);
    });
    await selectionSettled();
    expect(selection.ids).toEqual([11, 12]);
    await selectionSettled();
    expect(writes).toBe(1);
    unregister();
  });

  it('follows a newer selection that replaced the write while it fetched', async () => {
    let unregisterNewer: () => void = () => undefined;
    const unregister = setPendingSelectionWrite(async () => {
      // The biller moved on: the grid dropped this write and scheduled another.
      unregister();
      unregisterNewer = setPendingSelectionWrite(() => {
        selectRecords('claim', [30]);
        return Promise.resolve();
      });
      await Promise.resolve();
      selectRecords('claim', [20]);
    });
    await selectionSettled();
    expect(selection.ids).toEqual([30]);
    unregisterNewer();
  });

  it('leaves the store as it is when nothing is scheduled, and an old unregister does not drop a newer write', async () => {
    selectRecords('claim', [5]);
    const unregisterOld = setPendingSelectionWrite(() => Promise.resolve());
    const unregisterNew = setPendingSelectionWrite(() => {
      selectRecords('claim', [6]);
      return Promise.resolve();
    });
    unregisterOld();
    await selectionSettled();
    expect(selection.ids).toEqual([6]);
    unregisterNew();
    await selectionSettled();
    expect(selection.ids).toEqual([6]);
  });
});
