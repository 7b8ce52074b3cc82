import { describe, expect, it } from 'vitest';
import { expectEmptyBox, expectInBox } from './test/formAssertions.ts';
import { textRuns } from './test/pdfTextRuns.ts';
import { charge, coverage, institutionalClaim, KEY_INSURANCE, MEDICARE, PRINT_NOW } from './test/printFixtures.ts';
import { ub04Pdf } from './ub04.ts';
import { UB04_LAYOUT } from './ub04Layout.ts';

const layout = UB04_LAYOUT;
const print = (claim = institutionalClaim()) => textRuns(ub04Pdf(claim, { now: PRINT_NOW }));

describe('the UB-04 of an institutional claim', () => {
  const runs = print();

  it('is a one-page US Letter PDF with the form locators drawn', () => {
    const bytes = ub04Pdf(institutionalClaim(), { now: PRINT_NOW });
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('%PDF-');
    expect(Math.max(...runs.map((run) => run.page))).toBe(1);
    expect(runs.map((run) => run.text)).toEqual(
      expect.arrayContaining([
        '42 REV. CD.',
        '47 TOTAL CHARGES',
        '50 PAYER NAME',
        "60 INSURED'S UNIQUE ID",
        '76 ATTENDING',
        'UB-04 CMS-1450',
      ]),
    );
  });

  it('puts the billing provider, control numbers, bill type, tax number and period in FL1-6', () => {
    expectInBox(runs, layout, '1.name', 'BEN KILDARE SERVICE');
    expectInBox(runs, layout, '1.street', '234 SEAWAY ST');
    expectInBox(runs, layout, '1.city', 'MIAMI FL 33111-0000');
    expectInBox(runs, layout, '1.phone', '3055552222');
    expectInBox(runs, layout, '3a.number', '2001');
    expectInBox(runs, layout, '3b.number', 'ACC-0007');
    expectInBox(runs, layout, '4', '0131');
    expectInBox(runs, layout, '5', '587654321');
    expectInBox(runs, layout, '6.from', '021026');
    expectInBox(runs, layout, '6.through', '021226');
  });

  it('puts the patient and the admission in FL8-17', () => {
    expectInBox(runs, layout, '8b', 'SMITH, JANE, Q');
    expectInBox(runs, layout, '9a', '236 N MAIN ST APT 4');
    expectInBox(runs, layout, '9b', 'MIAMI');
    expectInBox(runs, layout, '9c', 'FL');
    expectInBox(runs, layout, '9d', '33413');
    expectInBox(runs, layout, '10', '05011973');
    expectInBox(runs, layout, '11', 'F');
    expectInBox(runs, layout, '12', '021026');
    expectInBox(runs, layout, '13', '08');
    expectInBox(runs, layout, '14', '1');
    expectInBox(runs, layout, '15', '7');
    expectInBox(runs, layout, '17', '01');
  });

  it('lists the billed revenue lines in FL42-47, the NDC as the drug line’s description, and leaves out the void line', () => {
    expectInBox(runs, layout, '42.1', '0450');
    expectInBox(runs, layout, '43.1', 'EMERG ROOM');
    expectInBox(runs, layout, '44.1', '9928425');
    expectInBox(runs, layout, '45.1', '021026');
    expectInBox(runs, layout, '46.1', '1');
    expectInBox(runs, layout, '47.1', '1250');
    expectInBox(runs, layout, '47c.1', '00');
    expectInBox(runs, layout, '43.2', 'LABORATORY');
    expectInBox(runs, layout, '47c.2', '75');
    expectInBox(runs, layout, '42.3', '0636');
    expectInBox(runs, layout, '43.3', 'N400641036721 ML1');
    expectEmptyBox(runs, layout, '42.4');
  });

  it('numbers the page, dates the form and totals the charges on line 23', () => {
    expectInBox(runs, layout, '42.23', '0001');
    expectInBox(runs, layout, '23.page', '1');
    expectInBox(runs, layout, '23.of', '1');
    expectInBox(runs, layout, '45.23', '030526');
    expectInBox(runs, layout, '47.23', '1470');
    expectInBox(runs, layout, '47c.23', '75');
  });

  it('puts the payer, the insured and the authorisation on line A of FL50-63, and the NPI in FL56', () => {
    expectInBox(runs, layout, '50.A', 'KEY INSURANCE COMPANY');
    expectInBox(runs, layout, '51.A', '66783');
    expectInBox(runs, layout, '52.A', 'Y');
    expectInBox(runs, layout, '53.A', 'Y');
    expectInBox(runs, layout, '56.npi', '1912301953');
    expectInBox(runs, layout, '58.A', 'SMITH, JANE, Q');
    expectInBox(runs, layout, '59.A', '18');
    expectInBox(runs, layout, '60.A', 'JS00111223333');
    expectInBox(runs, layout, '62.A', '2222-SJ');
    expectInBox(runs, layout, '63.A', 'AUTH-123');
    expectEmptyBox(runs, layout, '50.B');
    expectEmptyBox(runs, layout, '64.A');
  });

  it('puts the ICD-10 indicator, the principal and other diagnoses, the admitting diagnosis and the physicians in FL66-78', () => {
    expectInBox(runs, layout, '66', '0');
    expectInBox(runs, layout, '67', 'E11.9');
    expectInBox(runs, layout, '67A', 'I10');
    expectInBox(runs, layout, '67B', 'M54.50');
    expectEmptyBox(runs, layout, '67C');
    expectInBox(runs, layout, '69', 'R07.9');
    expectInBox(runs, layout, '76.npi', '1234567893');
    expectInBox(runs, layout, '76.last', 'KILDARE');
    expectInBox(runs, layout, '76.first', 'JAMES');
    expectInBox(runs, layout, '78.type', 'DN');
    expectInBox(runs, layout, '78.npi', '1112223338');
    expectInBox(runs, layout, '78.last', 'WELBY');
  });
});

describe('the UB-04 of other institutional claims', () => {
  it('continues past 22 lines on a second page, the totals on the last page only', () => {
    const charges = Array.from({ length: 25 }, (_, index) =>
      charge(index + 1, { revenueCode: '0300', cptCode: '80053', chargeCents: 1000 }),
    );
    const runs = print(institutionalClaim({ charges }));
    expect(Math.max(...runs.map((run) => run.page))).toBe(2);
    expectInBox(runs, layout, '42.22', '0300', 1);
    expectInBox(runs, layout, '23.page', '1', 1);
    expectInBox(runs, layout, '23.of', '2', 1);
    expectEmptyBox(runs, layout, '47.23', 1);
    expectInBox(runs, layout, '42.3', '0300', 2);
    expectEmptyBox(runs, layout, '42.4', 2);
    expectInBox(runs, layout, '23.page', '2', 2);
    expectInBox(runs, layout, '47.23', '250', 2);
    expectInBox(runs, layout, '3a.number', '2001', 2);
  });

  it('lists a secondary claim’s payers in the order they pay, the primary’s payment on its line', () => {
    const runs = print(
      institutionalClaim({
        frequencyCode: '7',
        originalClaimNumber: 'DCN-77',
        coverage: coverage(MEDICARE, { priority: 2, subscriberID: '1EG4TE5MK73', groupNumber: null }),
        otherCoverages: [coverage(KEY_INSURANCE)],
        primary: { payer: KEY_INSURANCE, paidCents: 45050, paidDate: '2026-03-01', adjustments: [], lines: [] },
      }),
    );
    expectInBox(runs, layout, '50.A', 'KEY INSURANCE COMPANY');
    expectInBox(runs, layout, '54.A', '450');
    expectInBox(runs, layout, '54c.A', '50');
    expectInBox(runs, layout, '50.B', 'MEDICARE PART B');
    expectInBox(runs, layout, '60.B', '1EG4TE5MK73');
    expectInBox(runs, layout, '63.B', 'AUTH-123');
    expectInBox(runs, layout, '64.B', 'DCN-77');
    expectEmptyBox(runs, layout, '63.A');
    expectInBox(runs, layout, '4', '0137');
  });

  it('shows a visit with no recorded stay as the 837I sends it: type and source 9, discharged home', () => {
    const runs = print(institutionalClaim({ admission: null }));
    expectEmptyBox(runs, layout, '12');
    expectInBox(runs, layout, '14', '9');
    expectInBox(runs, layout, '15', '9');
    expectInBox(runs, layout, '17', '01');
    expectEmptyBox(runs, layout, '69');
  });
});

describe('the UB-04 layout', () => {
  it('names every box once and keeps it on the page', () => {
    const ids = layout.boxes.map((box) => box.id);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    expect(
      layout.boxes
        .filter((box) => box.x < 0 || box.y < 0 || box.x + box.w > 612 || box.y + box.h > 792)
        .map((box) => box.id),
    ).toEqual([]);
  });
});
