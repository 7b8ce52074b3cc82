import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { dnaLine, KNOWN_ACTIONS, sourceText } from './dnaText.ts';

/**
 * Every action the server writes to claim_events, with a detail as its writer records it (and as
 * Claims/getClaimDNAData adds to it: the money a posting moved, names for ids), and the line the
 * biller reads.
 */
const SAMPLES: readonly [action: string, detail: Record<string, unknown> | null, what: string, line: string][] = [
  [
    'created',
    {
      patientID: 7,
      insuranceID: 3,
      diagnoses: 2,
      chargeBatchID: 12,
      names: { 'payer:3': 'Aetna', 'chargeBatch:12': 'CB-2026-11' },
    },
    'Claim created',
    'Bills Aetna · 2 diagnoses · Charge batch CB-2026-11',
  ],
  [
    'created',
    { patientID: 7, insuranceID: null, diagnoses: 1, chargeBatchID: null },
    'Claim created',
    'Self-pay · 1 diagnosis',
  ],
  ['created', null, 'Claim created', ''],
  [
    'created from crossover',
    {
      originalClaimID: 41,
      lines: 2,
      totalCents: 25_000,
      insuranceID: 5,
      payerName: 'Medicare Part B',
      priority: 2,
      names: { 'payer:5': 'Medicare Part B' },
    },
    'Created as a crossover',
    'From claim 41 · 2 lines · $250.00 · Bills Medicare Part B as secondary',
  ],
  [
    'crossover created',
    { crossoverClaimID: 412, insuranceID: 5, payerName: 'Medicare Part B', priority: 2, medicareSecondaryType: '12' },
    'Crossover claim made',
    'Claim 412 · bills Medicare Part B as secondary · Medicare secondary payer type 12',
  ],
  [
    'scrubbed',
    { errors: 1, warnings: 2, scrubStatusID: 3, claimStatusID: 1 },
    'Scrubbed',
    'Failed: 1 error, 2 warnings',
  ],
  [
    'scrub.forcefullyPassed',
    { reason: 'Modifier 59 confirmed with the provider', warnings: 1 },
    'Passed with its warnings',
    '1 warning · Why: Modifier 59 confirmed with the provider',
  ],
  [
    'scrub status changed',
    { fromID: 2, toID: 1, from: 'Passed', to: 'Not Scrubbed' },
    'Scrub status changed',
    'Scrub status: Passed → Not Scrubbed',
  ],
  [
    'status changed',
    { fromID: 3, toID: 10, from: 'Submitted', to: 'Closed', note: 'Paid in full by phone' },
    'Status changed',
    'Status: Submitted → Closed · Note: Paid in full by phone',
  ],
  [
    'submitted',
    { submissionBatchID: 4, file: '837P_60054_000000004.x12', interchangeControlNumber: 4 },
    'Submitted',
    'Batch 4 · file 837P_60054_000000004.x12',
  ],
  [
    'claim edited',
    {
      fields: ['providerID', 'dosFrom', 'priorAuthorizationNumber', 'icds'],
      values: { providerID: 12, dosFrom: '2026-11-03', priorAuthorizationNumber: 'PA-77', icds: ['E119', 'I10'] },
      names: { 'provider:12': 'Lee, Ann' },
    },
    'Claim edited',
    'Rendering provider: Lee, Ann · DOS from: 11/03/2026 · Prior authorization: PA-77 · Diagnoses: E11.9, I10',
  ],
  [
    'claim edited',
    {
      fields: ['chargeBatchID'],
      values: { chargeBatchID: 9 },
      fromChargeBatchID: null,
      jobID: 3,
      names: { 'chargeBatch:9': 'CB-9' },
    },
    'Claim edited',
    'Charge batch: none → CB-9',
  ],
  [
    'claim edited',
    { form: true, added: 1, changed: 2, removed: 0, diagnoses: 3 },
    'Claim edited',
    'Saved in the claim form · 1 line added, 2 lines changed · 3 diagnoses',
  ],
  [
    'charge added',
    { chargeID: 90, lineNumber: 3, cptCode: '99213', modifiers: ['25'], units: 2, chargeCents: 15_000 },
    'Line added',
    'Line 3 (99213-25) · 2 units · $150.00',
  ],
  [
    'charge edited',
    {
      chargeID: 9,
      lineNumber: 1,
      changes: {
        diagnosisPointers: { from: [3], to: [1] },
        modifiers: { from: [], to: ['25', '59'] },
        chargeCents: { from: 10_000, to: 12_500 },
      },
    },
    'Line edited',
    'Line 1: diagnosis pointers 3 → 1, modifiers none → 25 59, amount $100.00 → $125.00',
  ],
  [
    'charge deleted',
    { chargeID: 9, lineNumber: 2, cptCode: '36415', chargeCents: 2_500, reversedCents: 2_500 },
    'Line deleted',
    'Line 2 (36415) · $25.00 · $25.00 taken off the balance',
  ],
  [
    'charge status changed',
    { chargeID: 9, lineNumber: 2, from: 'active', to: 'hold' },
    'Line status changed',
    'Line 2: Active → On hold',
  ],
  ['lines reordered', { from: [7, 8, 9], to: [9, 7, 8] }, 'Lines reordered', '3 lines in a new order'],
  [
    'diagnosis removed',
    { icd: 'M25562', sequence: 2 },
    'Diagnosis removed',
    "M25.562 (diagnosis 2); the lines' pointers follow",
  ],
  [
    'encounter voided',
    {
      postingDate: '2026-11-20',
      fromID: 2,
      from: 'Ready to Submit',
      lines: [
        { chargeID: 1, lineNumber: 1, reversedCents: 10_000 },
        { chargeID: 2, lineNumber: 2, reversedCents: 2_500 },
      ],
    },
    'Claim voided',
    'Status: Ready to Submit → Void · 2 lines reversed, $125.00 · Posted on 11/20/2026',
  ],
  [
    'written off',
    {
      amountCents: 1_200,
      reasonID: 4,
      reason: 'Small balance',
      groupCode: 'CO',
      reasonCode: '45',
      postingDate: '2026-11-20',
      ledgerIDs: [5],
      balanceAfterCents: 0,
      claimStatus: { from: 9, to: 8 },
    },
    'Written off',
    'Written off $12.00: Small balance (CO-45) · Posted on 11/20/2026 · Status: Patient Balance → Paid · Balance $0.00',
  ],
  [
    'ERA posted',
    {
      eraCheckID: 3,
      reference: null,
      paidCents: 13_776,
      balanceAfterCents: 3_444,
      postingDate: '2026-11-18',
      claimStatus: { from: 3, to: 9 },
      ledgerCents: { insurance_payment: -13_776, contractual_adjustment: -9_594, patient_responsibility: 0 },
      names: { 'eraCheck:3': '884112 (AETNA)' },
    },
    'ERA posted',
    'Insurance payment $137.76, check 884112 (AETNA), adjusted $95.94 · Posted on 11/18/2026 · Status: Submitted → Patient Balance · Balance $34.44',
  ],
  [
    'insurance payment posted',
    {
      eraCheckID: null,
      paymentBatchID: 1,
      reference: '1234',
      paidCents: 1_000,
      balanceAfterCents: 4_000,
      postingDate: '2026-11-20',
      ledgerCents: { insurance_payment: -1_000 },
      names: { 'paymentBatch:1': 'PB-7' },
    },
    'Paper EOB posted',
    'Insurance payment $10.00, check 1234, payment batch PB-7 · Posted on 11/20/2026 · Balance $40.00',
  ],
  [
    'patient payment posted',
    {
      eraCheckID: null,
      paymentBatchID: 3,
      reference: '1200',
      paidCents: 0,
      balanceAfterCents: 3_081,
      postingDate: '2026-11-22',
      ledgerCents: { patient_payment: -1_000 },
      ledgerNote: 'check 1200',
      names: { 'paymentBatch:3': 'PP-3' },
    },
    'Patient payment posted',
    'Patient payment $10.00, check 1200, payment batch PP-3 · Posted on 11/22/2026 · Balance $30.81',
  ],
  [
    'advance payment applied',
    {
      eraCheckID: null,
      reference: 'Advance payment 4',
      paidCents: 0,
      balanceAfterCents: 40_100,
      postingDate: '2026-11-21',
      ledgerCents: { advance_application: -5_000 },
    },
    'Advance payment applied',
    'Advance payment 4 applied: $50.00 · Posted on 11/21/2026 · Balance $401.00',
  ],
  [
    'advance payment reversed',
    {
      eraCheckID: null,
      reference: 'Advance payment 4',
      paidCents: 0,
      balanceAfterCents: 45_100,
      postingDate: '2026-11-23',
      claimStatus: { from: 8, to: 9 },
      ledgerCents: { reversal: 5_000 },
    },
    'Advance payment reversed',
    'Advance payment 4 taken back: $50.00 owed again · Posted on 11/23/2026 · Status: Paid → Patient Balance · Balance $451.00',
  ],
  [
    'ledger posting reversed',
    {
      eraCheckID: null,
      paymentBatchID: null,
      reference: null,
      paidCents: 0,
      balanceAfterCents: 2_500,
      postingDate: '2026-11-24',
      ledgerCents: { reversal: 2_500 },
    },
    'Posting reversed',
    '$25.00 owed again · Posted on 11/24/2026 · Balance $25.00',
  ],
  [
    'balance transferred to patient',
    { amountCents: 9_000, ledgerIDs: [4, 5], postingDate: '2026-11-25', claimStatus: { from: 7, to: 9 } },
    'Balance to patient',
    '$90.00 moved from the payer to the patient · Posted on 11/25/2026 · Status: Partially Paid → Patient Balance',
  ],
  [
    'balance transfer reversed',
    { amountCents: 9_000, ledgerIDs: [6, 7], postingDate: '2026-11-26', claimStatus: { from: 9, to: 7 } },
    'Balance back on payer',
    '$90.00 back on the payer · Posted on 11/26/2026 · Status: Patient Balance → Partially Paid',
  ],
  ['note.added', { noteID: 5, noteTypeID: 2, names: { 'noteType:2': 'Follow-up' } }, 'Note added', 'Follow-up'],
  ['note.archived', { noteID: 5, noteTypeID: 2, names: { 'noteType:2': 'Follow-up' } }, 'Note archived', 'Follow-up'],
  [
    'task.added',
    {
      taskID: 8,
      taskTypeID: 1,
      taskType: 'Call payer',
      assignedUserID: 4,
      assignedTo: 'Sam Ortiz',
      dueDate: '2026-12-01',
    },
    'Task added',
    'Call payer · for Sam Ortiz · due 12/01/2026',
  ],
  ['task.resolved', { taskID: 8, taskTypeID: 1, taskType: 'Call payer' }, 'Task resolved', 'Call payer'],
  ['task.deleted', { taskID: 8, taskTypeID: 1, taskType: 'Call payer' }, 'Task deleted', 'Call payer'],
  [
    'claim.assigned',
    {
      fromUserID: 3,
      toUserID: 4,
      assignedTo: 'Sam Ortiz',
      note: 'Appeal by Friday',
      names: { 'user:3': 'Alex Morgan' },
    },
    'Assigned',
    'To Sam Ortiz · from Alex Morgan · Note: Appeal by Friday',
  ],
  ['claim.unassigned', { fromUserID: 4, names: { 'user:4': 'Sam Ortiz' } }, 'Unassigned', 'From Sam Ortiz'],
  [
    'medical case linked',
    {
      medicalCaseID: 6,
      previousMedicalCaseID: 5,
      names: { 'medicalCase:6': 'Knee injury 2026', 'medicalCase:5': 'Back pain' },
    },
    'Linked to a medical case',
    'Knee injury 2026 · was Back pain',
  ],
  [
    'medical case unlinked',
    { medicalCaseID: 6, names: { 'medicalCase:6': 'Knee injury 2026' } },
    'Unlinked from its medical case',
    'Knee injury 2026',
  ],
  ['document uploaded', { documentID: 2, fileName: 'eob-1200.pdf' }, 'Document attached', 'eob-1200.pdf'],
  ['document deleted', { documentID: 2, fileName: 'eob-1200.pdf' }, 'Document deleted', 'eob-1200.pdf'],
  [
    'document saved',
    {
      documentID: 2,
      fileName: 'eob-1200.pdf',
      tags: ['appeal', 'aetna'],
      categoryID: 1,
      names: { 'documentCategory:1': 'EOB' },
    },
    'Document tagged',
    'eob-1200.pdf · tags appeal, aetna · category EOB',
  ],
  [
    'acknowledgement accepted',
    {
      source: '999',
      answeredBy: 'clearinghouse',
      answeredByName: 'Availity',
      outcome: 'accepted',
      reason: 'Accepted (999 A)',
      file: 'ack.999',
    },
    'Acknowledged: accepted',
    '999 from Availity · ack.999',
  ],
  [
    'acknowledgement rejected',
    {
      source: '277CA',
      answeredBy: 'payer',
      answeredByName: '',
      outcome: 'rejected',
      reason: 'A7 Acknowledgement/Rejected for invalid information',
      payerClaimNumber: 'PCN-1',
      file: 'r.277',
      submissionBatchID: 4,
    },
    'Acknowledged: rejected',
    '277CA from the payer · A7 Acknowledgement/Rejected for invalid information · payer claim number PCN-1 · r.277',
  ],
  [
    'claim status response',
    {
      source: '277',
      answeredBy: 'payer',
      answeredByName: 'ACME',
      outcome: 'pending',
      reason: 'P1 Pending/In process',
      file: 's.277',
    },
    'Claim status answered',
    '277 from ACME · P1 Pending/In process · s.277',
  ],
  [
    'status inquiry',
    { inquiryID: 3, file: '276_60054_000000012.x12', state: 'written' },
    'Claim status asked',
    '276_60054_000000012.x12',
  ],
  [
    'resent as replacement',
    { frequencyCode: '7', originalClaimNumber: 'PCN-1', fromFrequencyCode: '1' },
    'Set to go as a replacement',
    'Frequency 7 · replacing PCN-1',
  ],
];

describe('the claim history in the biller’s words', () => {
  it.each(SAMPLES)('%s', (action, detail, what, line) => {
    expect(dnaLine({ action, detail })).toEqual({ what, detail: line });
  });

  it('has a line for every action it knows, and knows every action in the samples', () => {
    expect(new Set(SAMPLES.map(([action]) => action))).toEqual(new Set(KNOWN_ACTIONS));
  });

  it('never shows a field name, JSON, cents or an ISO date', () => {
    for (const [action, detail] of SAMPLES) {
      const { what, detail: line } = dnaLine({ action, detail });
      expect(`${what} ${line}`).not.toMatch(/[{}"]|\b\w+(ID|Cents)\b|\d{4}-\d{2}-\d{2}/);
    }
  });

  it('reads an action it does not know yet as words, its values as text', () => {
    expect(
      dnaLine({
        action: 'note.pinned',
        detail: { noteID: 5, pinnedBy: 'Alex', amountCents: 1_050, names: { 'x:1': 'y' } },
      }),
    ).toEqual({
      what: 'Note pinned',
      detail: 'Note id: 5 · Pinned by: Alex · Amount cents: $10.50',
    });
  });

  it('names where a change came from', () => {
    expect(['palette', 'hotkey', 'menu', 'button', 'bulk', 'api', 'system'].map(sourceText)).toEqual([
      'Palette',
      'Shortcut',
      'Menu',
      'Button',
      'Bulk run',
      'API',
      'System',
    ]);
  });
});

/** Non-test TypeScript files under `dir`. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') && !/Test(Data|Kit)\.ts$/.test(path) ? [path] : [];
  });
}

/**
 * The actions the server's code writes: recordClaimEvent and addClaimEvent calls, the DNA event a
 * posting writes (writePosting's `event`), and the action literals of INSERT INTO claim_events.
 */
function writtenActions(): Set<string> {
  const services = fileURLToPath(new URL('../../../server/services', import.meta.url));
  const written = new Set<string>();
  const patterns = [
    /recordClaimEvent\(\s*[^,:]+,\s*[^,:]+,\s*[^,:]+,\s*'([^']+)'/g,
    /addClaimEvent\(\s*[^,:]+,\s*[^,:]+,\s*[^,:]+,\s*'([^']+)'/g,
    /\bevent: '([^']+)'/g,
    /INSERT INTO claim_events[^`]*?(?:VALUES \(\$1, \$2, |SELECT [^,]+, \$\d+, )'([^']+)'/g,
    /'(claim\.(?:un)?assigned)'/g,
  ];
  for (const file of sources(services)) {
    const text = readFileSync(file, 'utf8');
    for (const pattern of patterns) for (const match of text.matchAll(pattern)) if (match[1]) written.add(match[1]);
    // tasks.ts writes `task.${change}` for the changes of its type.
    if (text.includes('`task.${change}`'))
      for (const change of /change: ([^,)]+)/.exec(text)?.[1]?.match(/'(\w+)'/g) ?? [])
        written.add(`task.${change.slice(1, -1)}`);
  }
  return written;
}

describe('the actions the server writes', () => {
  it('are all known to the formatter, so none is shown as raw detail', () => {
    const written = writtenActions();
    expect(written.size).toBeGreaterThan(30);
    expect([...written].filter((action) => !KNOWN_ACTIONS.includes(action))).toEqual([]);
  });
});
