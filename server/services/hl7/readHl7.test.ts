import { describe, expect, it } from 'vitest';
import { buildAck } from './ack.ts';
import { adtA04, adtA08, dftP03, in1, ormO01 } from './hl7Fixtures.ts';
import { escapeHl7, hl7Cents, hl7Date, readHl7, splitHl7File } from './readHl7.ts';

function read(text: string) {
  const outcome = readHl7(text);
  if (!outcome.ok) throw new Error(outcome.problem);
  return outcome.message;
}

describe('reading HL7 v2.5 messages', () => {
  it('reads a registration: header, repeated identifiers, escaped name and address, phone in parts', () => {
    const message = read(adtA04());
    expect(message.header).toMatchObject({
      sendingApplication: 'EPIC',
      sendingFacility: 'NORTHCLINIC',
      receivingFacility: 'HARBOR',
      messageType: 'ADT^A04',
      controlID: 'A04-0001',
      version: '2.5',
    });
    expect(message.problems).toEqual([]);
    expect(message.patient).toMatchObject({
      identifiers: [
        { id: 'MRN55501', assigningAuthority: 'NORTHCLINIC', typeCode: 'MR' },
        { id: '900112233', assigningAuthority: 'SSA', typeCode: 'SS' },
      ],
      lastName: "O'CONNOR",
      firstName: 'MARY',
      middleName: 'ELLEN',
      dateOfBirth: '1975-04-12',
      sex: 'F',
      address1: '12 Harbor St & Pier Rd',
      address2: 'Unit 4^B',
      city: 'Austin',
      state: 'TX',
      zip: '78702',
      phone: '5125550101',
    });
    expect(message.visit).toEqual({ attendingNPI: '1234567893', facility: 'HARBOR CLINIC' });
  });

  it('reads an update with a new address', () => {
    const message = read(adtA08());
    expect(message.header.messageType).toBe('ADT^A08');
    expect(message.patient?.address1).toBe('400 Bay Ave');
    expect(message.patient?.phone).toBe('5125550199');
  });

  it('reads charges: codes, modifiers, units, amounts in cents, repeated diagnoses, performing NPI', () => {
    const message = read(dftP03());
    expect(message.header.messageType).toBe('DFT^P03');
    expect(message.diagnoses).toEqual(['E119', 'I10']);
    expect(message.charges).toEqual([
      {
        setID: 1,
        serviceFrom: '2026-03-10',
        serviceTo: '2026-03-10',
        transactionType: 'CG',
        procedureCode: '99214',
        modifiers: ['25'],
        units: 1,
        amountCents: 15_000,
        diagnosisCodes: ['E119', 'I10'],
        performingNPI: '1234567893',
        facility: null,
      },
      {
        setID: 2,
        serviceFrom: '2026-03-10',
        serviceTo: '2026-03-10',
        transactionType: 'CG',
        procedureCode: 'J1100',
        modifiers: [],
        units: 2,
        amountCents: 2_400,
        diagnosisCodes: ['E119'],
        performingNPI: '1234567893',
        facility: null,
      },
    ]);
  });

  it('names what it cannot read: a bad date of service, units and amount', () => {
    const text = dftP03()
      .replace('FT1|1|||20260310|20260310|CG', 'FT1|1|||20261340|20260310|CG')
      .replace('|||2|24.00|', '|||two|24.0x|');
    const message = read(text);
    expect(message.problems).toEqual([
      'FT1 1: FT1-4, the date of service "20261340", is not a date.',
      'FT1 2: FT1-10, the quantity "two", is not a whole number of units.',
      'FT1 2: FT1-11, the amount "24.0x", is not an amount.',
    ]);
  });

  it('refuses a text that is not HL7', () => {
    const outcome = readHl7('ISA*00*          *00*');
    expect(outcome.ok).toBe(false);
  });

  it('splits a file into its messages, whatever ends the segments, with or without MLLP framing', () => {
    const file = [adtA04(), dftP03(), ormO01()].join('\r\n').replace(/\r(?!\n)/g, '\n');
    const parts = splitHl7File(file);
    expect(parts).toHaveLength(3);
    expect(parts.map((part) => read(part).header.controlID)).toEqual(['A04-0001', 'DFT-0001', 'ORM-0001']);
    const framed = `\x0b${adtA04()}\x1c\r\x0b${adtA08()}\x1c\r`;
    expect(splitHl7File(framed).map((part) => read(part).header.messageType)).toEqual(['ADT^A04', 'ADT^A08']);
  });

  it('reads dates and amounts strictly', () => {
    expect(hl7Date('19750412')).toBe('1975-04-12');
    expect(hl7Date('197504121230-0500')).toBe('1975-04-12');
    expect(hl7Date('20260230')).toBeNull();
    expect(hl7Date('1975')).toBeNull();
    expect(hl7Cents('150')).toBe(15_000);
    expect(hl7Cents('0.5')).toBe(50);
    expect(hl7Cents('-12.34')).toBe(-1_234);
    expect(hl7Cents('1,000.00')).toBeNull();
  });

  it('acknowledges: AA, AE with the reasons in MSA-3 and ERR, AR; the ACK mirrors the sender and control ID', () => {
    const message = read(dftP03());
    const accepted = read(buildAck(message.parsed, message.header, 'AA', [], new Date()).text);
    expect(accepted.parsed.getSegment('MSA')?.getComponent(1, 1)).toBe('AA');
    expect(accepted.parsed.getSegment('MSA')?.getComponent(2, 1)).toBe('DFT-0001');
    expect(accepted.header.receivingFacility).toBe('NORTHCLINIC');
    expect(accepted.header.sendingFacility).toBe('HARBOR');
    expect(accepted.parsed.getAllSegments('ERR')).toHaveLength(0);

    const reasons = ['No active provider of the group has NPI 1999999992.', 'Diagnosis Z99|9 is not billable.'];
    const error = buildAck(message.parsed, message.header, 'AE', reasons, new Date());
    const ack = read(error.text);
    expect(ack.parsed.getSegment('MSA')?.getComponent(1, 1)).toBe('AE');
    expect(ack.parsed.getSegment('MSA')?.getComponent(3, 1)).toContain(
      'No active provider of the group has NPI 1999999992.',
    );
    const errs = ack.parsed.getAllSegments('ERR');
    expect(errs).toHaveLength(2);
    // The separator inside a reason is escaped, so the ERR segment keeps its fields.
    expect(errs[1]?.getComponent(8, 1)).toBe('Diagnosis Z99\\F\\9 is not billable.');
    expect(errs[0]?.getComponent(4, 1)).toBe('E');

    const rejected = read(
      buildAck(read(ormO01()).parsed, read(ormO01()).header, 'AR', ['Not imported.'], new Date(), '200').text,
    );
    expect(rejected.parsed.getSegment('MSA')?.getComponent(1, 1)).toBe('AR');
    expect(rejected.parsed.getAllSegments('ERR')[0]?.getComponent(3, 1)).toBe('200');
  });

  it('escapes what a value may not hold', () => {
    expect(escapeHl7('a|b^c~d&e\\f')).toBe('a\\F\\b\\S\\c\\R\\d\\T\\e\\E\\f');
  });

  it('reads IN1 segments as insurances: payer, member ID, group, the relationship as its X12 code, the insured', () => {
    expect(read(adtA04()).insurances).toEqual([
      {
        setID: 1,
        payerID: '60054',
        payerName: 'AETNA',
        memberID: 'W123456789',
        groupNumber: 'GRP7788',
        relationship: '18',
        subscriberLastName: null,
        subscriberFirstName: null,
        subscriberDateOfBirth: null,
        subscriberSex: null,
        effectiveFrom: '2026-01-01',
        effectiveTo: null,
      },
    ]);
    const spouse = read(
      adtA08('A08-X', in1({ 1: '2', 4: 'CIGNA', 16: 'ROE^JOHN', 17: 'SPO', 18: '19700101', 43: 'M', 49: 'C55' })),
    );
    expect(spouse.insurances[0]).toMatchObject({
      setID: 2,
      payerID: '',
      payerName: 'CIGNA',
      memberID: 'C55',
      relationship: '01',
      subscriberLastName: 'ROE',
      subscriberFirstName: 'JOHN',
      subscriberDateOfBirth: '1970-01-01',
      subscriberSex: 'M',
    });
    expect(spouse.problems).toEqual([]);
    const bad = read(adtA08('A08-Y', in1({ 1: '1', 12: '2026-01-01', 36: 'M1' })));
    expect(bad.problems).toEqual([
      'IN1 1: IN1-12, the plan effective date "2026-01-01", is not a date (YYYYMMDD).',
      'IN1 1: no payer (IN1-3, the payer ID, or IN1-4, its name).',
    ]);
  });
});
