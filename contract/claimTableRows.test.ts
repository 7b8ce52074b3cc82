import { describe, expect, it } from 'vitest';
import { claimRowsOfTable } from './claimTableRows.ts';
import { claimTableReplySchema } from './claims.ts';

const row = [41, 7, 'SMITH, JANE', 'A-100', '2026-03-01', '2026-03-02', 2, 3, 4, 2, 1, 1, 15000, -250, null];
const names = { practices: { 2: 'Lakeside' }, providers: { 3: 'GRAY, ANN' }, payers: { 4: 'Aetna' }, users: {} };

describe('the table variant of the claims list', () => {
  it('turns a row and its names into the list row the grid and the writers know', () => {
    const reply = claimTableReplySchema.parse({ total: 1, rows: [row], names });
    expect(claimRowsOfTable(reply)).toEqual([
      {
        claimID: 41,
        patientID: 7,
        patientName: 'SMITH, JANE',
        accountNumber: 'A-100',
        dosFrom: '2026-03-01',
        dosTo: '2026-03-02',
        practiceName: 'Lakeside',
        providerName: 'GRAY, ANN',
        payerName: 'Aetna',
        claimStatus: 'Ready to Submit',
        scrubStatus: 'Not Scrubbed',
        submitStatus: 'Not Submitted',
        totalCharges: 15000,
        balance: -250,
        assignee: null,
      },
    ]);
  });

  it.each([
    ['a short row', row.slice(0, 14)],
    ['text where an id belongs', ['41', ...row.slice(1)]],
    ['a fraction of a cent', [...row.slice(0, 12), 150.5, ...row.slice(13)]],
    ['a missing name', [41, 7, null, ...row.slice(3)]],
    ['null where the practice belongs', [...row.slice(0, 6), null, ...row.slice(7)]],
  ])('refuses %s', (_case, bad) => {
    expect(claimTableReplySchema.safeParse({ total: 1, rows: [bad], names }).success).toBe(false);
  });
});
