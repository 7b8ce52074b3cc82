import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  DemographicReply,
  DuplicateWarningReply,
  PatientListReply,
  PatientLookupsReply,
  SavedPatientReply,
} from '../../contract/patientRecord.ts';
import { testEngines, type TestDatabase } from '../test/engines.ts';
import { createTestGroup, createTestUser, type TestGroup } from '../test/fixtures.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../test/harness.ts';
import { caller, message, type Call } from '../test/adminCalls.ts';
import type { Db } from '../db/types.ts';

/** The change rows of a patient (reads of it leave rows of their own, without before and after). */
async function changesOf(db: Db, patientID: number): Promise<{ action: string; before: unknown; after: unknown }[]> {
  const rows = await db.query<{ action: string; detail: { before: unknown; after: unknown } | string }>(
    `SELECT action, detail FROM audit_log WHERE record_type = 'patient' AND record_id = $1 AND action LIKE 'patient.%'
      ORDER BY audit_id`,
    [String(patientID)],
  );
  return rows.map((row) => {
    const detail = typeof row.detail === 'string' ? (JSON.parse(row.detail) as typeof row.detail) : row.detail;
    return typeof detail === 'string'
      ? { action: row.action, before: null, after: null }
      : { action: row.action, ...detail };
  });
}

const patientInput = (practiceID: number, changes: Record<string, unknown> = {}) => ({
  practiceID,
  firstName: 'Marisol',
  lastName: 'Quintero',
  dateOfBirth: '1984-07-19',
  sex: 'F',
  address1: '418 Elm Street',
  city: 'Austin',
  state: 'TX',
  zip: '78702',
  phone: '(512) 555-0142',
  ...changes,
});

describe.each(testEngines)('patients: search, register, edit, delete and checks on $name', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let home: TestGroup;
  let other: TestGroup;
  let biller: { get: Call; post: Call; del: Call };
  let outsider: { get: Call; post: Call; del: Call };

  const patientCount = async (): Promise<number> =>
    Number((await database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM patients'))[0]?.n);

  beforeAll(async () => {
    database = await engine.create();
    home = await createTestGroup(database.db, 'Home', { claims: 2 });
    other = await createTestGroup(database.db, 'Other', { claims: 1, patientLastName: 'OTHERLY' });
    await createTestUser(database.db, 'biller@home.test', {
      groupIds: [home.groupId],
      modules: ['CLAIMS', 'PATIENTS'],
    });
    await createTestUser(database.db, 'biller@other.test', {
      groupIds: [other.groupId],
      modules: ['CLAIMS', 'PATIENTS'],
    });
    test = await createTestApp(database.db);
    const withDelete = (session: Awaited<ReturnType<typeof signIn>>) => ({
      ...caller(test, session),
      del: (path: string, input: Record<string, unknown> = {}): Promise<LightMyRequestResponse> =>
        test.app.inject({
          method: 'DELETE',
          url: `/api/${path}`,
          query: Object.fromEntries(Object.entries(input).map(([key, value]) => [key, String(value)])),
          headers: bearer(session),
        }),
    });
    biller = withDelete(await signIn(test, 'biller@home.test'));
    outsider = withDelete(await signIn(test, 'biller@other.test'));
  });

  afterAll(async () => {
    await test.close();
    await database.dispose();
  });

  it('registers a patient with the group’s next account number, audited, and edits it', async () => {
    const saved = await biller.post('Patient/savePatient', patientInput(home.practiceId));
    expect(saved.statusCode, saved.body).toBe(200);
    const reply = saved.json<SavedPatientReply>();
    expect(reply.message).toBe('Successfully saved patient');
    // The seeded patient holds HOM0001: the next keeps its prefix and width.
    expect(reply.accountNumber).toBe('HOM0002');
    const second = (
      await biller.post(
        'Patient/savePatient',
        patientInput(home.practiceId, { firstName: 'Tomas', lastName: 'Reyes', phone: '512-555-0177' }),
      )
    ).json<SavedPatientReply>();
    expect(second.accountNumber).toBe('HOM0003');

    const info = (await biller.get('Patient/getPatientInfoByID', { patientID: reply.patientID })).json<{
      firstName: string;
      lastName: string;
      phone: string;
      accountNumber: string;
      totals: { claims: number };
    }>();
    expect(info).toMatchObject({
      firstName: 'Marisol',
      lastName: 'Quintero',
      phone: '512-555-0142',
      accountNumber: 'HOM0002',
      totals: { claims: 0 },
    });

    const updated = await biller.post('Patient/updatePatient', {
      ...patientInput(home.practiceId, { city: 'Round Rock', zip: '78664', middleName: 'Ana' }),
      patientID: reply.patientID,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json<SavedPatientReply>()).toMatchObject({
      message: 'Successfully saved patient',
      accountNumber: 'HOM0002',
    });
    const audit = await changesOf(database.db, reply.patientID);
    expect(audit.map((row) => row.action)).toEqual(['patient.add', 'patient.update']);
    expect(audit[1]?.before).toMatchObject({ city: 'Austin' });
    expect(audit[1]?.after).toMatchObject({ city: 'Round Rock', middleName: 'Ana' });
  });

  it('gives patients registered at the same moment different account numbers', async () => {
    const saved = await Promise.all(
      ['Ada', 'Bea', 'Cai', 'Dov'].map((firstName) =>
        biller.post('Patient/savePatient', patientInput(home.practiceId, { firstName, lastName: 'Samemoment' })),
      ),
    );
    expect(saved.map((reply) => reply.statusCode)).toEqual([200, 200, 200, 200]);
    const numbers = saved.map((reply) => reply.json<SavedPatientReply>().accountNumber);
    expect(new Set(numbers).size).toBe(4);
    const ids = saved.map((reply) => reply.json<SavedPatientReply>().patientID);
    for (const patientID of ids)
      expect((await biller.del('Patient/deletePatientByID', { patientID })).statusCode).toBe(200);
  });

  it('refuses a taken account number and bad demographics with clear messages, saving nothing', async () => {
    const before = await patientCount();
    const taken = await biller.post('Patient/savePatient', patientInput(home.practiceId, { accountNumber: 'hom0001' }));
    expect(taken.statusCode).toBe(400);
    expect(message(taken)).toBe('Account number HOM0001 is already used by a patient of this group.');

    const bad = await biller.post(
      'Patient/savePatient',
      patientInput(home.practiceId, { state: 'XX', zip: '7870', phone: '555-0142', dateOfBirth: '2999-01-01' }),
    );
    expect(bad.statusCode).toBe(400);
    expect(message(bad)).toContain('Date of birth is in the future.');
    expect(message(bad)).toContain('"XX" is not a US state code');
    expect(message(bad)).toContain('ZIP code must be 5 digits or ZIP+4');
    expect(message(bad)).toContain('must have 10 digits');

    const missing = await biller.post('Patient/savePatient', patientInput(home.practiceId, { lastName: '  ' }));
    expect(missing.statusCode).toBe(400);
    expect(message(missing)).toContain('Last name is required.');
    expect(await patientCount()).toBe(before);
  });

  it('keeps each data role to its own patients: another group’s biller gets Not Found and changes nothing', async () => {
    const before = await patientCount();
    expect((await outsider.post('Patient/savePatient', patientInput(home.practiceId))).statusCode).toBe(404);
    expect(
      (await outsider.post('Patient/updatePatient', { ...patientInput(home.practiceId), patientID: home.patientId }))
        .statusCode,
    ).toBe(404);
    expect((await outsider.del('Patient/deletePatientByID', { patientID: home.patientId })).statusCode).toBe(404);
    expect((await outsider.get('Patient/demographicVerifier', { patientID: home.patientId })).statusCode).toBe(404);
    expect(await patientCount()).toBe(before);
    const [jane] = await database.db.query<{ first_name: string }>(
      'SELECT first_name FROM patients WHERE patient_id = $1',
      [home.patientId],
    );
    expect(jane?.first_name).toBe('JANE');

    const search = (
      await outsider.get('Repository/getPatientSearch', { patientSearch: 'QUINTERO' })
    ).json<PatientListReply>();
    expect(search).toEqual({ total: 0, rows: [] });
    const list = (await outsider.get('Patient/getPatientData')).json<PatientListReply>();
    expect(list.rows.map((row) => row.lastName)).toEqual(['OTHERLY']);
    const warning = (
      await outsider.get('Patient/getDuplicateWarning', {
        firstName: 'Marisol',
        lastName: 'Quintero',
        dateOfBirth: '1984-07-19',
      })
    ).json<DuplicateWarningReply>();
    expect(warning.candidates).toEqual([]);
    const lookups = (await outsider.get('Repository/getPatientLookupDropowns')).json<PatientLookupsReply>();
    expect(lookups.practices.map((practice) => practice.practiceID)).toEqual([other.practiceId]);
  });

  it('finds patients by name, date of birth, account, member ID and phone, paged and audited', async () => {
    await database.db.query(
      `INSERT INTO patient_insurances (patient_id, insurance_id, priority, subscriber_id, effective_from)
       VALUES ($1, $2, 1, 'W881234567', DATE '2026-01-01')`,
      [home.patientId, home.insuranceId],
    );
    const search = async (patientSearch: string, extra: Record<string, unknown> = {}) => {
      const reply = await biller.get('Repository/getPatientSearch', { patientSearch, ...extra });
      expect(reply.statusCode, reply.body).toBe(200);
      return reply.json<PatientListReply>();
    };
    const names = (reply: PatientListReply) => reply.rows.map((row) => `${row.lastName}, ${row.firstName}`);
    expect(names(await search('quin, mar'))).toEqual(['Quintero, Marisol']);
    expect(names(await search('Marisol Quintero'))).toEqual(['Quintero, Marisol']);
    expect(names(await search('smi'))).toEqual(['SMITH, JANE']);
    expect(names(await search('02/03/1980'))).toEqual(['SMITH, JANE']);
    expect(names(await search('1980-02-03'))).toEqual(['SMITH, JANE']);
    expect(names(await search('hom0001'))).toEqual(['SMITH, JANE']);
    expect(names(await search('W8812'))).toEqual(['SMITH, JANE']);
    expect((await search('W8812')).rows[0]?.memberIDs).toBe('W881234567');
    expect(names(await search('512.555.0142'))).toEqual(['Quintero, Marisol']);
    // A pattern character is text, not a wildcard.
    expect((await search('%')).total).toBe(0);

    const firstPage = await search('HOM', { pageSize: 2, pageNumber: 1 });
    const secondPage = await search('HOM', { pageSize: 2, pageNumber: 2 });
    expect(firstPage.total).toBe(3);
    expect(firstPage.rows).toHaveLength(2);
    expect(secondPage.rows).toHaveLength(1);

    const blank = await biller.get('Repository/getPatientSearch', { patientSearch: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(message(blank)).toContain('Type a name, date of birth, account, member ID or phone.');

    const [audited] = await database.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_log WHERE action = 'patients.search'",
    );
    expect(Number(audited?.n)).toBeGreaterThan(0);
  });

  it('lists patients paged, sorted and filtered', async () => {
    const list = async (input: Record<string, unknown>) =>
      (await biller.get('Patient/getPatientData', input)).json<PatientListReply>();
    const byName = await list({ sortColumn: 'name', sortOrder: 'asc' });
    expect(byName.rows.map((row) => row.lastName)).toEqual(['Quintero', 'Reyes', 'SMITH']);
    const desc = await list({ sortColumn: 'dateOfBirth', sortOrder: 'desc', pageSize: 1 });
    expect(desc.total).toBe(3);
    expect(desc.rows.map((row) => row.dateOfBirth)).toEqual(['1984-07-19']);
    expect((await list({ lastName: 'sm' })).rows.map((row) => row.firstName)).toEqual(['JANE']);
    expect((await biller.get('Patient/getPatientData', { sortColumn: 'ssn' })).statusCode).toBe(400);
  });

  it('warns of near-duplicates: transposed names, a nickname, a one-letter typo and the same member ID', async () => {
    const plant = async (firstName: string, lastName: string, dateOfBirth = '1961-03-09') =>
      (
        await biller.post('Patient/savePatient', patientInput(home.practiceId, { firstName, lastName, dateOfBirth }))
      ).json<SavedPatientReply>().patientID;
    const william = await plant('William', 'Hartley');
    const swapped = await plant('Hartley', 'William');
    const typo = await plant('William', 'Hartly');
    const robert = await plant('Robert', 'Hartley');
    const otherBirthday = await plant('William', 'Hartley', '1962-03-09');

    const warn = async (input: Record<string, unknown>) => {
      const reply = await biller.get('Patient/getDuplicateWarning', input);
      expect(reply.statusCode, reply.body).toBe(200);
      return reply.json<DuplicateWarningReply>().candidates;
    };
    // Bill is a form of William: the patient, and the one whose last name is a letter off.
    const found = await warn({ firstName: 'Bill', lastName: 'Hartley', dateOfBirth: '1961-03-09' });
    expect(found.map((candidate) => candidate.patientID).sort((a, b) => a - b)).toEqual([william, typo]);
    expect(found.find((candidate) => candidate.patientID === william)?.reasons).toEqual([
      'WILLIAM and BILL are forms of one name, same date of birth',
    ]);

    const exact = await warn({ firstName: 'William', lastName: 'Hartley', dateOfBirth: '1961-03-09' });
    const ids = exact.map((candidate) => candidate.patientID).sort((a, b) => a - b);
    expect(ids).toEqual([william, swapped, typo].sort((a, b) => a - b));
    const reasonOf = (id: number) => exact.find((candidate) => candidate.patientID === id)?.reasons;
    expect(reasonOf(william)).toEqual(['Same name and date of birth']);
    expect(reasonOf(swapped)).toEqual(['First and last names swapped, same date of birth']);
    expect(reasonOf(typo)).toEqual(['Name differs by one letter, same date of birth']);
    // Robert is no form of William, and a year apart is another person.
    expect(ids).not.toContain(robert);
    expect(ids).not.toContain(otherBirthday);

    expect(
      (await warn({ firstName: 'Liz', lastName: 'Smith', dateOfBirth: '1980-02-03' })).map((c) => c.patientID),
    ).toEqual([]);
    expect(
      (await warn({ firstName: 'Jnae', lastName: 'Smith', dateOfBirth: '1980-02-03' })).map((c) => c.patientID),
    ).toEqual([home.patientId]);

    const sameMember = await warn({
      firstName: 'Zed',
      lastName: 'Zulu',
      dateOfBirth: '2001-01-01',
      memberID: 'w881234567',
    });
    expect(sameMember.map((candidate) => [candidate.patientID, candidate.reasons])).toEqual([
      [home.patientId, ['Same member ID W881234567']],
    ]);
    // Editing a patient never warns of the patient itself.
    expect(
      (await warn({ firstName: 'William', lastName: 'Hartley', dateOfBirth: '1961-03-09', patientID: william })).map(
        (candidate) => candidate.patientID,
      ),
    ).not.toContain(william);
  });

  it('verifies demographics offline and returns findings', async () => {
    const findings = async (input: Record<string, unknown>) =>
      (await biller.get('Patient/demographicVerifier', input)).json<DemographicReply>().findings;
    expect(await findings({ patientID: home.patientId })).toEqual([]);
    const bad = await findings({
      firstName: 'Ann',
      lastName: 'Lee',
      dateOfBirth: '1899-12-31',
      sex: 'M',
      address1: '1 Main St',
      city: 'Austin',
      state: 'TX',
      zip: '90210',
      phone: '12345',
    });
    expect(bad.map((finding) => finding.field).sort()).toEqual(['dateOfBirth', 'phone', 'zip']);
    expect(bad.find((finding) => finding.field === 'dateOfBirth')?.message).toBe('Date of birth is before 1900.');
    expect(bad.find((finding) => finding.field === 'zip')?.message).toContain('90210 is not in TX');
    const nine = await findings({
      firstName: 'Ann',
      lastName: 'Lee',
      dateOfBirth: '1970-01-01',
      sex: 'F',
      address1: '1 Main St',
      city: 'Austin',
      state: 'tx',
      zip: '787011234',
      phone: '+1 512 555 0100',
    });
    expect(nine).toEqual([]);
  });

  it('deletes a patient without history and refuses one with claims, which can only be made inactive', async () => {
    const refused = await biller.del('Patient/deletePatientByID', { patientID: home.patientId });
    expect(refused.statusCode).toBe(400);
    expect(message(refused)).toBe(
      'This patient has claims or ledger entries, so the record cannot be deleted. Make the patient inactive instead.',
    );
    const [still] = await database.db.query('SELECT 1 FROM patients WHERE patient_id = $1', [home.patientId]);
    expect(still).toBeDefined();

    const made = (
      await biller.post('Patient/savePatient', patientInput(home.practiceId, { firstName: 'Oops', lastName: 'Typo' }))
    ).json<SavedPatientReply>();
    const deleted = await biller.del('Patient/deletePatientByID', { patientID: made.patientID });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await biller.get('Patient/getPatientInfoByID', { patientID: made.patientID })).statusCode).toBe(404);
    expect((await changesOf(database.db, made.patientID)).map((row) => row.action)).toEqual([
      'patient.add',
      'patient.delete',
    ]);
  });
});
