import { beforeEach, describe, expect, it } from 'vitest';
import type { LedgerRow } from '../../contract/ledger.ts';
import { resetStores } from './store.ts';
import { listsNone, publishTarget, targetOf, targets, withdrawTarget, type Target } from './target.ts';

beforeEach(() => {
  resetStores();
});

const check = (id: number, status = 'unposted'): Target<'eraCheck'> => ({
  kind: 'eraCheck',
  id,
  eraID: 100 + id,
  eraCheckID: id,
  traceNumber: `T${id}`,
  payerName: 'Aetna',
  totalPaid: 5000,
  status,
});

const ledgerRow = (ledgerID: number, claimID: number): LedgerRow => ({
  ledgerID,
  postingDate: '2026-11-20',
  entryType: 'patient_payment',
  claimID,
  chargeID: 3,
  chargeLine: 1,
  cptCode: '99213',
  amount: -2500,
  groupCode: null,
  reasonCode: null,
  reasonDescription: null,
  payerName: null,
  note: null,
  figure: 'patientPaid',
  reversesLedgerID: null,
  reversedByLedgerID: null,
});

describe('the target store', () => {
  it('gives the target a screen published, by kind, and nothing once it is withdrawn', () => {
    expect(targetOf('eraCheck')).toBeNull();
    publishTarget('era', 'eraCheck', check(7));
    expect(targetOf('eraCheck')).toMatchObject({ kind: 'eraCheck', id: 7, status: 'unposted' });
    expect(targetOf('claim')).toBeNull();
    publishTarget('era', 'eraCheck', check(8, 'posted'));
    expect(targetOf('eraCheck')?.id).toBe(8);
    expect(targets.entries).toHaveLength(1);
    withdrawTarget('era', 'eraCheck');
    expect(targetOf('eraCheck')).toBeNull();
  });

  it('offers the target published last, and the earlier one again once that goes away', () => {
    publishTarget('postings pane', 'posting', {
      kind: 'posting',
      id: 1,
      ledger: 'claim',
      claimID: 41,
      row: ledgerRow(1, 41),
    });
    publishTarget('claim detail', 'posting', {
      kind: 'posting',
      id: 2,
      ledger: 'claim',
      claimID: 42,
      row: ledgerRow(2, 42),
    });
    expect(targetOf('posting')?.claimID).toBe(42);
    // The pane's cursor moved: it is the newest again.
    publishTarget('postings pane', 'posting', {
      kind: 'posting',
      id: 3,
      ledger: 'claim',
      claimID: 41,
      row: ledgerRow(3, 41),
    });
    expect(targetOf('posting')?.id).toBe(3);
    withdrawTarget('postings pane', 'posting');
    expect(targetOf('posting')?.id).toBe(2);
  });

  it('filters by the facts a command cares about', () => {
    publishTarget('claim ledger', 'posting', {
      kind: 'posting',
      id: 1,
      ledger: 'claim',
      claimID: 41,
      row: ledgerRow(1, 41),
    });
    publishTarget('deposit postings', 'posting', {
      kind: 'posting',
      id: 2,
      ledger: 'deposit',
      claimID: 41,
      row: { ...ledgerRow(2, 41), entryType: 'patient_payment' },
    });
    expect(targetOf('posting')?.id).toBe(2);
    expect(targetOf('posting', (posting) => posting.ledger === 'claim')?.id).toBe(1);
    expect(targetOf('posting', (posting) => posting.claimID === 99)).toBeNull();
  });

  it('tells a screen that lists none apart from one that shows nothing of the kind', () => {
    expect(listsNone('eraCheck')).toBe(false);
    publishTarget('era', 'eraCheck', null);
    expect(listsNone('eraCheck')).toBe(true);
    expect(targetOf('eraCheck')).toBeNull();
    publishTarget('era', 'eraCheck', check(3));
    expect(listsNone('eraCheck')).toBe(false);
    withdrawTarget('era', 'eraCheck');
    expect(listsNone('eraCheck')).toBe(false);
  });
});
