import { describe, expect, it } from 'vitest';
import { cms1500Pdf } from './cms1500.ts';
import { CMS1500_LAYOUT } from './cms1500Layout.ts';
import { boxOf, expectEmptyBox, expectInBox, runsInBox } from './test/formAssertions.ts';
import { textRuns, type TextRun } from './test/pdfTextRuns.ts';
import {
  charge,
  coverage,
  DR_WELBY,
  KEY_INSURANCE,
  MEDICARE,
  nineLineClaim,
  PRINT_NOW,
  professionalClaim,
} from './test/printFixtures.ts';

const layout = CMS1500_LAYOUT;
const print = (claim = professionalClaim()) => textRuns(cms1500Pdf(claim, { now: PRINT_NOW }));
const checked = (runs: readonly TextRun[], id: string, page = 1) =>
  runsInBox(runs, boxOf(layout, id), page).some((run) => run.text === 'X');

describe('the CMS-1500 of a professional claim', () => {
  const runs = print();

  it('is a PDF of one US Letter page with the form drawn', () => {
    const bytes = cms1500Pdf(professionalClaim(), { now: PRINT_NOW });
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('%PDF-');
    expect(new TextDecoder('latin1').decode(bytes)).toContain('/MediaBox [0 0 612. 792.]');
    const printed = runs.map((run) => run.text);
    expect(printed).toEqual(
      expect.arrayContaining([
        "1a. INSURED'S I.D. NUMBER                                   (For Program in Item 1)",
        '25. FEDERAL TAX I.D. NUMBER',
        '33. BILLING PROVIDER INFO & PH #',
      ]),
    );
    expect(printed.some((text) => text.startsWith("2. PATIENT'S NAME"))).toBe(true);
    expect(printed.some((text) => text.startsWith('21. DIAGNOSIS OR NATURE OF ILLNESS OR INJURY'))).toBe(true);
  });

  it('puts the payer, patient and insured in items 1-11', () => {
    expectInBox(runs, layout, 'carrier.name', 'KEY INSURANCE COMPANY');
    expectInBox(runs, layout, 'carrier.city', 'TAMPA FL 33601-4500');
    expect(
      ['group', 'medicare', 'medicaid', 'tricare', 'champva', 'feca', 'other'].filter((type) =>
        checked(runs, `1.${type}`),
      ),
    ).toEqual(['group']);
    expectInBox(runs, layout, '1a', 'JS00111223333');
    expectInBox(runs, layout, '2', 'SMITH, JANE, Q');
    expectInBox(runs, layout, '3.dob', '05 01 1973');
    expect([checked(runs, '3.sex.M'), checked(runs, '3.sex.F')]).toEqual([false, true]);
    expectInBox(runs, layout, '4', 'SMITH, JANE, Q');
    expectInBox(runs, layout, '5', '236 N MAIN ST APT 4');
    expectInBox(runs, layout, '5.city', 'MIAMI');
    expectInBox(runs, layout, '5.state', 'FL');
    expectInBox(runs, layout, '5.zip', '33413');
    expect(['self', 'spouse', 'child', 'other'].filter((relation) => checked(runs, `6.${relation}`))).toEqual(['self']);
    expectInBox(runs, layout, '7', '236 N MAIN ST APT 4');
    expectInBox(runs, layout, '11', '2222-SJ');
    expectInBox(runs, layout, '11a.dob', '05 01 1973');
    expectInBox(runs, layout, '11c', 'KEY INSURANCE COMPANY');
    expect(['10a.no', '10b.no', '10c.no', '11d.no'].every((id) => checked(runs, id))).toBe(true);
    expectEmptyBox(runs, layout, '9');
  });

  it('names the referring provider in 17, the diagnoses A-L with the ICD-10 indicator in 21, and the authorisation in 23', () => {
    expectInBox(runs, layout, '17.qual', 'DN');
    expectInBox(runs, layout, '17.name', 'MARCUS WELBY');
    expectInBox(runs, layout, '17b.npi', '1112223338');
    expectInBox(runs, layout, '21.ind', '0');
    expectInBox(runs, layout, '21.A', 'E11.9');
    expectInBox(runs, layout, '21.B', 'I10');
    expectInBox(runs, layout, '21.C', 'M54.50');
    expectEmptyBox(runs, layout, '21.D');
    expectEmptyBox(runs, layout, '22.code');
    expectInBox(runs, layout, '23', 'AUTH-123');
  });

  it('prints each billed line in 24 with its dates, place, code, modifiers, pointers, charge, units and rendering NPI', () => {
    const line = (n: number) => (field: string, text: string) => expectInBox(runs, layout, `24.${n}.${field}`, text);
    const first = line(1);
    first('from', '02 10 26');
    first('to', '02 10 26');
    first('pos', '11');
    first('cpt', '99214');
    first('mod1', '25');
    first('pointer', 'AB');
    first('charges', '150');
    first('cents', '00');
    first('units', '1');
    first('npi', '1234567893');
    expectInBox(runs, layout, '24.1.qualShaded', 'ZZ');
    expectInBox(runs, layout, '24.1.idShaded', '207Q00000X');
    const second = line(2);
    ['RT', '59', 'XS', 'GA'].forEach((modifier, index) => second(`mod${index + 1}`, modifier));
    second('pointer', 'C');
    second('charges', '120');
    second('cents', '50');
    const third = line(3);
    third('cpt', 'J1100');
    third('pointer', 'CA');
    third('units', '2.5');
  });

  it("writes a drug's NDC in the shaded band above its line, and nothing there for other lines", () => {
    expectInBox(runs, layout, '24.3.supplemental', 'N400641036721 ML0.75');
    const band = boxOf(layout, '24.3.shade');
    const [ndc] = runsInBox(runs, boxOf(layout, '24.3.supplemental'));
    expect(ndc && ndc.y > band.y && ndc.y <= band.y + band.h).toBe(true);
    expect(band.y + band.h).toBeLessThanOrEqual(boxOf(layout, '24.3.cpt').y);
    expectEmptyBox(runs, layout, '24.1.supplemental');
  });

  it('leaves out the void line: three lines printed, the fourth row empty, the total of the three', () => {
    expectEmptyBox(runs, layout, '24.4.cpt');
    expectEmptyBox(runs, layout, '24.4.charges');
    expectInBox(runs, layout, '28.dollars', '282');
    expectInBox(runs, layout, '28.cents', '75');
    expectEmptyBox(runs, layout, '29.dollars');
  });

  it('fills the provider boxes 25-33', () => {
    expectInBox(runs, layout, '25.number', '587654321');
    expect([checked(runs, '25.ssn'), checked(runs, '25.ein')]).toEqual([false, true]);
    expectInBox(runs, layout, '26.number', '26463774');
    expect([checked(runs, '27.yes'), checked(runs, '27.no')]).toEqual([true, false]);
    expectInBox(runs, layout, '31.signed', 'SIGNATURE ON FILE');
    expectInBox(runs, layout, '31.date', '03 05 26');
    expectInBox(runs, layout, '32.name', 'SEAWAY SURGERY CENTER');
    expectInBox(runs, layout, '32.city', 'MIAMI FL 33111-0001');
    expectInBox(runs, layout, '32a.npi', '1497758544');
    expectInBox(runs, layout, '33.areaCode', '305');
    expectInBox(runs, layout, '33.phone', '5552222');
    expectInBox(runs, layout, '33.name', 'BEN KILDARE SERVICE');
    expectInBox(runs, layout, '33.street', '234 SEAWAY ST');
    expectInBox(runs, layout, '33.city', 'MIAMI FL 33111-0000');
    expectInBox(runs, layout, '33a.npi', '1912301953');
    expectInBox(runs, layout, '33b.id', 'ZZ203BF0100Y');
  });
});

describe('the CMS-1500 over several pages', () => {
  const runs = print(nineLineClaim());

  it('continues past six lines on a second page, each page totalling its own lines and the last the claim', () => {
    expect(Math.max(...runs.map((run) => run.page))).toBe(2);
    expectInBox(runs, layout, 'page', 'PAGE 1 OF 2', 1);
    expectInBox(runs, layout, 'page', 'PAGE 2 OF 2', 2);
    expectInBox(runs, layout, '24.6.charges', '60', 1);
    expectInBox(runs, layout, '28.dollars', '210', 1);
    expectInBox(runs, layout, '24.1.cpt', '99211', 2);
    expectInBox(runs, layout, '24.1.charges', '70', 2);
    expectInBox(runs, layout, '24.3.charges', '90', 2);
    expectEmptyBox(runs, layout, '24.4.cpt', 2);
    expectInBox(runs, layout, '28.dollars', '450', 2);
    expectInBox(runs, layout, '28.cents', '00', 2);
    expectInBox(runs, layout, '1a', 'JS00111223333', 2);
  });

  it('prints no page number on a one-page claim', () => {
    expectEmptyBox(print(), layout, 'page');
  });
});

describe('the CMS-1500 of other claims', () => {
  it('shows a replacement with its frequency code and the original claim number in 22', () => {
    const runs = print(professionalClaim({ frequencyCode: '7', originalClaimNumber: 'PCN-0042' }));
    expectInBox(runs, layout, '22.code', '7');
    expectInBox(runs, layout, '22.ref', 'PCN-0042');
  });

  it("names a dependant's insured from the coverage, checks Child, and leaves the insured's address it does not have", () => {
    const runs = print(
      professionalClaim({
        coverage: coverage(KEY_INSURANCE, {
          subscriberRelation: '19',
          subscriberFirstName: 'John',
          subscriberLastName: 'Smith',
          subscriberDateOfBirth: '1970-07-04',
        }),
      }),
    );
    expectInBox(runs, layout, '4', 'SMITH, JOHN');
    expect(checked(runs, '6.child')).toBe(true);
    expectInBox(runs, layout, '11a.dob', '07 04 1970');
    expectEmptyBox(runs, layout, '7');
  });

  it('bills Medicare as secondary: item 1 Medicare, the primary payer in 9, 9a and 9d, 11d yes, its payment in 29', () => {
    const primary = coverage(KEY_INSURANCE, { subscriberID: 'KEY-555', groupNumber: 'G-1' });
    const runs = print(
      professionalClaim({
        coverage: coverage(MEDICARE, { priority: 2, subscriberID: '1EG4TE5MK73', groupNumber: null }),
        otherCoverages: [primary],
        primary: { payer: KEY_INSURANCE, paidCents: 7000, paidDate: '2026-03-01', adjustments: [], lines: [] },
      }),
    );
    expect(checked(runs, '1.medicare')).toBe(true);
    expectInBox(runs, layout, '1a', '1EG4TE5MK73');
    expectInBox(runs, layout, '9', 'SMITH, JANE, Q');
    expectInBox(runs, layout, '9a', 'G-1');
    expectInBox(runs, layout, '9d', 'KEY INSURANCE COMPANY');
    expect(checked(runs, '11d.yes')).toBe(true);
    expectInBox(runs, layout, '29.dollars', '70');
    expectInBox(runs, layout, '29.cents', '00');
  });

  it('uses the supervising provider (DQ) in 17 when there is no referring one', () => {
    const runs = print(professionalClaim({ referringProvider: null, supervisingProvider: DR_WELBY }));
    expectInBox(runs, layout, '17.qual', 'DQ');
  });

  it('cuts a value too long for its box rather than letting it run into the next', () => {
    const claim = professionalClaim();
    const runs = print({
      ...claim,
      patient: { ...claim.patient, lastName: 'Wolfeschlegelsteinhausenbergerdorff', firstName: 'Hubert Blaine' },
    });
    expectInBox(runs, layout, '2', 'WOLFESCHLEGELSTEINHAUSENBERGERDORFF, H');
  });

  it('prints the form with no lines when a claim has none', () => {
    const runs = print(professionalClaim({ charges: [charge(1, { chargeStatus: 'void' })] }));
    expectEmptyBox(runs, layout, '24.1.cpt');
    expectInBox(runs, layout, '28.dollars', '0');
  });
});

describe('the CMS-1500 layout', () => {
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
