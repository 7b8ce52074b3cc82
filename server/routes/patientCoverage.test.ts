import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../contract/auth.ts';
import type {
  AddCoverageRequest,
  ClaimCoveragesReply,
  CoverageReply,
  CoverageSavedReply,
  CoveragesReply,
  GuarantorSavedReply,
  GuarantorsReply,
  InsuranceInfoReply,
  PayersByTypeReply,
  PayersReply,
  SaveGuarantorRequest,
} from '../../contract/patientCoverage.ts';
import { testEngines, type TestDatabase } from '../test/engines.ts';
import { createTestGroup, createTestUser, type TestGroup } from '../test/fixtures.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../test/harness.ts';

describe.each(testEngines)('a patient’s insurances and guarantors, on $name', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let group: TestGroup;
  let other: TestGroup;
  let biller: SessionUser;
  let outsider: SessionUser;
  let medicareID = 0;
  let otherGroupsPayer = 0;
  let secondPatient = 0;

  beforeAll(async () => {
    database = await engine.create();
    group = await createTestGroup(database.db, 'Coverage', { claims: 1 });
    other = await createTestGroup(database.db, 'Elsewhere', { claims: 1 });
    await createTestUser(database.db, 'coverage@example.test', { groupIds: [group.groupId] });
    await createTestUser(database.db, 'elsewhere@example.test', { groupIds: [other.groupId] });
    const [medicare] = await database.db.query<{ id: number }>(
      `INSERT INTO insurances (group_id, name, payer_id, insurance_type) VALUES ($1, 'Medicare Part B Texas', 'SB580', 'medicare') RETURNING insurance_id AS id`,
      [group.groupId],
    );
    medicareID = medicare!.id;
    const [theirs] = await database.db.query<{ id: number }>(
      `INSERT INTO insurances (group_id, name, payer_id, insurance_type) VALUES ($1, 'Their Own Plan', 'TOP01', 'commercial') RETURNING insurance_id AS id`,
      [other.groupId],
    );
    otherGroupsPayer = theirs!.id;
    const [patient] = await database.db.query<{ id: number }>(
      `INSERT INTO patients (group_id, practice_id, account_number, first_name, last_name, date_of_birth, sex, address1, city, state, zip)
       VALUES ($1, $2, 'COV-2', 'JOHN', 'DOE', '1970-01-01', 'M', '1 Elm St', 'Austin', 'TX', '78701') RETURNING patient_id AS id`,
      [group.groupId, group.practiceId],
    );
    secondPatient = patient!.id;
    test = await createTestApp(database.db);
    biller = await signIn(test, 'coverage@example.test');
    outsider = await signIn(test, 'elsewhere@example.test');
  });

  afterAll(async () => {
    await test.close();
    await database.dispose();
  });

  const post = (name: string, payload: object, session = biller) =>
    test.app.inject({ method: 'POST', url: `/api/Patient/${name}`, headers: bearer(session), payload });
  const get = (path: string, query: Record<string, string>, session = biller) =>
    test.app.inject({ method: 'GET', url: `/api/${path}`, headers: bearer(session), query });
  const coverages = async (patientID = group.patientId) =>
    (await get('Patient/getPatientBasedInsurancesData', { patientID: String(patientID) })).json<CoveragesReply>()
      .coverages;
  const audits = async (action: string) =>
    (await database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log WHERE action = $1', [action]))[0]
      ?.n;
  const coverageRows = async () => database.db.query('SELECT * FROM patient_insurances ORDER BY patient_insurance_id');
  const guarantorRows = async () => database.db.query('SELECT * FROM patient_guarantors ORDER BY patient_guarantor_id');

  const primary = (patientID: number): AddCoverageRequest => ({
    patientID,
    insuranceID: group.insuranceId,
    priority: 1,
    subscriberID: 'w123456789',
    groupNumber: 'grp 100',
    relationship: '18',
    effectiveFrom: '2026-01-01',
  });
  const spouseMedicare = (patientID: number, priority: number): AddCoverageRequest => ({
    patientID,
    insuranceID: medicareID,
    priority,
    subscriberID: '1EG4-TE5-MK73',
    relationship: '01',
    subscriberFirstName: 'MARK',
    subscriberLastName: 'SMITH',
    subscriberDateOfBirth: '1950-06-01',
    subscriberSex: 'M',
    effectiveFrom: '2026-01-01',
    effectiveTo: '2026-12-31',
  });
  const add = async (body: AddCoverageRequest) => {
    const reply = await post('AddPatientInsurance', body);
    expect(reply.statusCode, reply.body).toBe(200);
    const saved = reply.json<CoverageSavedReply>();
    expect(saved.message).toBe('Patient Insurance Update Successfully');
    return saved.patientInsuranceID;
  };
  const refused = async (name: string, body: object, message: RegExp) => {
    const reply = await post(name, body);
    expect(reply.statusCode, reply.body).toBe(400);
    expect(reply.json<{ message: string }>().message).toMatch(message);
  };

  it('adds a primary, then a secondary under another subscriber, and lists them in order with the payer; each change audited', async () => {
    const primaryID = await add(primary(group.patientId));
    const secondaryID = await add(spouseMedicare(group.patientId, 2));
    const listed = await coverages();
    expect(listed.map((row) => [row.patientInsuranceID, row.priority, row.payerName])).toEqual([
      [primaryID, 1, 'Aetna'],
      [secondaryID, 2, 'Medicare Part B Texas'],
    ]);
    // Stored as the payer needs it: upper case, the MBI without its dashes; Self keeps no second person.
    expect(listed[0]).toMatchObject({
      subscriberID: 'W123456789',
      groupNumber: 'GRP 100',
      relationship: '18',
      subscriberFirstName: null,
      effectiveTo: null,
      active: true,
    });
    expect(listed[1]).toMatchObject({
      subscriberID: '1EG4TE5MK73',
      relationship: '01',
      subscriberFirstName: 'MARK',
      subscriberDateOfBirth: '1950-06-01',
      subscriberSex: 'M',
      effectiveTo: '2026-12-31',
    });
    const byID = await get('Patient/getPatientInsuranceDataByID', { patientInsuranceID: String(secondaryID) });
    expect(byID.json<CoverageReply>().coverage).toEqual(listed[1]);
    expect(await audits('patientInsurance.create')).toBe(2);
    const [row] = await database.db.query<{ detail: { before: unknown; after: { subscriberID: string } } }>(
      `SELECT detail FROM audit_log WHERE action = 'patientInsurance.create' AND record_id = $1`,
      [String(secondaryID)],
    );
    expect(row?.detail.before).toBeNull();
    expect(row?.detail.after.subscriberID).toBe('1EG4TE5MK73');
  });

  it('keeps primary, secondary, tertiary in order: no second active of a priority, no gap, on adding, editing and switching off', async () => {
    const patientID = secondPatient;
    const before = await coverageRows();
    await refused('AddPatientInsurance', spouseMedicare(patientID, 2), /secondary insurance needs an active primary/);
    await refused(
      'AddPatientInsurance',
      { ...primary(patientID), priority: 3 },
      /tertiary insurance needs an active secondary/,
    );
    expect(await coverageRows()).toEqual(before);

    const primaryID = await add(primary(patientID));
    await refused(
      'AddPatientInsurance',
      { ...primary(patientID), subscriberID: 'OTHER1' },
      /already has an active primary insurance \(Aetna, member ID W123456789\)/,
    );
    const secondaryID = await add(spouseMedicare(patientID, 2));
    const tertiaryID = await add({ ...primary(patientID), priority: 3, subscriberID: 'T-555' });

    // Switching the primary off would leave a secondary without one.
    await refused(
      'updatePatientInsuranceActive',
      { patientInsuranceID: primaryID, active: false },
      /secondary insurance needs an active primary/,
    );
    // Moving the tertiary onto the secondary's place is a clash.
    await refused(
      'updatePatientInsurance',
      {
        ...primary(patientID),
        patientID: undefined,
        patientInsuranceID: tertiaryID,
        priority: 2,
        subscriberID: 'T-555',
      },
      /already has an active secondary insurance \(Medicare Part B Texas, member ID 1EG4TE5MK73\)/,
    );
    const unchanged = await coverageRows();

    const off = await post('updatePatientInsuranceActive', { patientInsuranceID: tertiaryID, active: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<{ message: string }>().message).toBe('Successfully Inactivated');
    expect(await audits('patientInsurance.active')).toBe(1);
    // The inactive one stays in the history, after the active ones; and may not come back on top of a new tertiary.
    const newTertiary = await add({ ...primary(patientID), priority: 3, subscriberID: 'T-777' });
    expect((await coverages(patientID)).map((row) => [row.patientInsuranceID, row.active])).toEqual([
      [primaryID, true],
      [secondaryID, true],
      [newTertiary, true],
      [tertiaryID, false],
    ]);
    await refused(
      'updatePatientInsuranceActive',
      { patientInsuranceID: tertiaryID, active: true },
      /already has an active tertiary insurance \(Aetna, member ID T-777\)/,
    );
    expect(
      (await get('Patient/getPatientBasedInsurancesData', { patientID: String(patientID), includeInactive: 'false' }))
        .json<CoveragesReply>()
        .coverages.map((row) => row.patientInsuranceID),
    ).toEqual([primaryID, secondaryID, newTertiary]);
    expect(unchanged.length).toBe((await coverageRows()).length - 1);
  });

  it('refuses a bad relationship, dates out of order, a bad member ID, a missing subscriber and another group’s payer, saving nothing', async () => {
    const before = await coverageRows();
    const created = await audits('patientInsurance.create');
    const patientID = group.patientId;
    const base = { ...primary(patientID), priority: 3 };
    await refused('AddPatientInsurance', { ...base, relationship: 'XX' }, /relationship is one of the X12 codes/);
    await refused(
      'AddPatientInsurance',
      { ...base, effectiveFrom: '2026-05-01', effectiveTo: '2026-04-30' },
      /ends \(termination date\) before it starts/,
    );
    await refused('AddPatientInsurance', { ...base, effectiveFrom: '2026-02-30' }, /date does not exist/);
    await refused('AddPatientInsurance', { ...base, subscriberID: 'AB*12' }, /only letters, digits and hyphens/);
    await refused('AddPatientInsurance', { ...base, subscriberID: '' }, /Enter the member ID/);
    await refused(
      'AddPatientInsurance',
      { ...spouseMedicare(patientID, 3), subscriberID: '123456789A' },
      /Medicare member ID is an 11-character MBI/,
    );
    await refused(
      'AddPatientInsurance',
      { ...spouseMedicare(patientID, 3), subscriberDateOfBirth: null, subscriberSex: null },
      /give the subscriber’s date of birth, sex/,
    );
    await refused(
      'AddPatientInsurance',
      { ...spouseMedicare(patientID, 3), subscriberDateOfBirth: '2027-01-01' },
      /date of birth is in the future/,
    );
    await refused(
      'AddPatientInsurance',
      { ...base, insuranceID: otherGroupsPayer },
      /active payer of the patient’s group/,
    );
    await refused('AddPatientInsurance', { ...base, priority: 4 }, /priority is 1 \(primary\), 2 \(secondary\) or 3/);
    expect(await coverageRows()).toEqual(before);
    expect(await audits('patientInsurance.create')).toBe(created);
  });

  it('edits a coverage’s member ID, group and dates, audited with before and after; refuses a bad edit unchanged', async () => {
    const [first] = await coverages();
    const edit = {
      patientInsuranceID: first!.patientInsuranceID,
      insuranceID: group.insuranceId,
      priority: 1,
      subscriberID: 'W999',
      groupNumber: null,
      relationship: '18',
      effectiveFrom: '2026-01-01',
      effectiveTo: '2026-06-30',
    };
    const reply = await post('updatePatientInsurance', edit);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json<CoverageSavedReply>().message).toBe('Patient Insurance Update Successfully');
    const [after] = await coverages();
    expect(after).toMatchObject({ subscriberID: 'W999', groupNumber: null, effectiveTo: '2026-06-30' });
    const [row] = await database.db.query<{
      detail: { before: { subscriberID: string }; after: { subscriberID: string } };
    }>(`SELECT detail FROM audit_log WHERE action = 'patientInsurance.update' AND record_id = $1`, [
      String(first!.patientInsuranceID),
    ]);
    expect([row?.detail.before.subscriberID, row?.detail.after.subscriberID]).toEqual(['W123456789', 'W999']);

    const before = await coverageRows();
    await refused('updatePatientInsurance', { ...edit, effectiveTo: '2025-12-31' }, /before it starts/);
    await refused('updatePatientInsurance', { ...edit, relationship: '19' }, /give the subscriber’s first name/);
    expect(await coverageRows()).toEqual(before);
  });

  it('offers the group’s payers and the shared ones, never another group’s; the form’s lists; the claim’s coverages', async () => {
    const payers = (await get('Patient/getInsuranceData', { patientID: String(group.patientId) })).json<PayersReply>()
      .payers;
    const ids = payers.map((payer) => payer.insuranceID);
    expect(ids).toContain(group.insuranceId);
    expect(ids).toContain(medicareID);
    expect(ids).not.toContain(otherGroupsPayer);
    const searched = (
      await get('Patient/getInsuranceData', { patientID: String(group.patientId), searchValue: 'medic' })
    ).json<PayersReply>().payers;
    expect(searched.map((payer) => payer.insuranceID)).toEqual([medicareID]);
    const types = (
      await get('Patient/getInsurancesWithTypes', { patientID: String(group.patientId) })
    ).json<PayersByTypeReply>().types;
    expect(types.find((type) => type.insuranceType === 'medicare')?.payers.map((payer) => payer.name)).toContain(
      'Medicare Part B Texas',
    );
    const payer = await get('Patient/getInsuranceByID', { insuranceID: String(medicareID) });
    expect(payer.json<{ payer: { payerID: string } }>().payer.payerID).toBe('SB580');
    expect((await get('Patient/getInsuranceByID', { insuranceID: String(otherGroupsPayer) })).statusCode).toBe(404);

    const info = (await get('Repository/getInsuranceInfo', {})).json<InsuranceInfoReply>();
    expect(info.priorities.map((row) => row.label)).toEqual(['Primary', 'Secondary', 'Tertiary']);
    expect(info.relationships.map((row) => row.code)).toEqual(expect.arrayContaining(['18', '01', '19', 'G8']));

    const claimID = group.claimIds[0]!;
    const onClaim = (
      await get('AddEditClaim/getClaimPatientInsurances', { claimID: String(claimID) })
    ).json<ClaimCoveragesReply>();
    expect(onClaim.patientID).toBe(group.patientId);
    expect(onClaim.coverages.map((row) => row.priority)).toEqual([1, 2]);
  });

  it('adds, edits and deletes a guarantor with the spec’s message, each audited; refuses bad input saving nothing', async () => {
    const guarantor: SaveGuarantorRequest = {
      patientID: group.patientId,
      relationship: '01',
      firstName: 'Mark',
      lastName: 'Smith',
      dateOfBirth: '1950-06-01',
      address1: '2 Oak St',
      city: 'Austin',
      state: 'tx',
      zip: '78701',
      phone: '(512) 555-0100',
    };
    const saved = await post('savePatientGuarantor', guarantor);
    expect(saved.statusCode, saved.body).toBe(200);
    const { message, patientGuarantorID } = saved.json<GuarantorSavedReply>();
    expect(message).toBe('Guarantor saved successfully');
    const list = async () =>
      (await get('Patient/getPatientGuarantor', { patientID: String(group.patientId) })).json<GuarantorsReply>()
        .guarantors;
    expect(await list()).toEqual([
      expect.objectContaining({
        patientGuarantorID,
        relationship: '01',
        firstName: 'MARK',
        lastName: 'SMITH',
        state: 'TX',
        phone: '5125550100',
      }),
    ]);

    const before = await guarantorRows();
    await refused('savePatientGuarantor', { ...guarantor, relationship: 'ZZ' }, /X12 codes/);
    await refused('savePatientGuarantor', { ...guarantor, zip: '10001' }, /Guarantor address/);
    await refused('savePatientGuarantor', { ...guarantor, phone: '555' }, /10 digits/);
    await refused('savePatientGuarantor', { ...guarantor, lastName: ' ' }, /last name/);
    await refused(
      'updatePatientGuarantorData',
      { ...guarantor, patientID: undefined, patientGuarantorID, dateOfBirth: '2030-01-01' },
      /in the future/,
    );
    expect(await guarantorRows()).toEqual(before);

    const updated = await post('updatePatientGuarantorData', {
      ...guarantor,
      patientID: undefined,
      patientGuarantorID,
      relationship: 'G8',
      firstName: 'Marcus',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json<GuarantorSavedReply>().message).toBe('Guarantor saved successfully');
    expect((await list())[0]).toMatchObject({ relationship: 'G8', firstName: 'MARCUS' });

    const deleted = await test.app.inject({
      method: 'DELETE',
      url: '/api/Patient/deletePatientGuarantorByID',
      headers: bearer(biller),
      query: { patientGuarantorID: String(patientGuarantorID) },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await list()).toEqual([]);
    expect([
      await audits('patientGuarantor.create'),
      await audits('patientGuarantor.update'),
      await audits('patientGuarantor.delete'),
    ]).toEqual([1, 1, 1]);
  });

  it('gives another group’s user 404 for every call on these records, changing nothing', async () => {
    const [coverage] = await coverages();
    const saved = await post('savePatientGuarantor', {
      patientID: group.patientId,
      relationship: '18',
      firstName: 'Jane',
      lastName: 'Smith',
    });
    const { patientGuarantorID } = saved.json<GuarantorSavedReply>();
    const coveragesBefore = await coverageRows();
    const guarantorsBefore = await guarantorRows();
    const patientID = group.patientId;
    const id = coverage!.patientInsuranceID;
    const replies = [
      await get('Patient/getPatientBasedInsurancesData', { patientID: String(patientID) }, outsider),
      await get('Patient/getPatientInsuranceDataByID', { patientInsuranceID: String(id) }, outsider),
      await get('Patient/getInsuranceData', { patientID: String(patientID) }, outsider),
      await get('Patient/getInsurancesWithTypes', { patientID: String(patientID) }, outsider),
      await get('Patient/getInsuranceByID', { insuranceID: String(medicareID) }, outsider),
      await get('Patient/getPatientGuarantor', { patientID: String(patientID) }, outsider),
      await get('AddEditClaim/getClaimPatientInsurances', { claimID: String(group.claimIds[0]) }, outsider),
      await post('AddPatientInsurance', { ...primary(patientID), priority: 3 }, outsider),
      await post(
        'updatePatientInsurance',
        { ...primary(patientID), patientID: undefined, patientInsuranceID: id, subscriberID: 'HIJACK' },
        outsider,
      ),
      await post('updatePatientInsuranceActive', { patientInsuranceID: id, active: false }, outsider),
      await post('savePatientGuarantor', { patientID, relationship: '18', firstName: 'X', lastName: 'Y' }, outsider),
      await post(
        'updatePatientGuarantorData',
        { patientGuarantorID, relationship: '18', firstName: 'X', lastName: 'Y' },
        outsider,
      ),
      await test.app.inject({
        method: 'DELETE',
        url: '/api/Patient/deletePatientGuarantorByID',
        headers: bearer(outsider),
        query: { patientGuarantorID: String(patientGuarantorID) },
      }),
    ];
    expect(replies.map((reply) => reply.statusCode)).toEqual(replies.map(() => 404));
    expect(await coverageRows()).toEqual(coveragesBefore);
    expect(await guarantorRows()).toEqual(guarantorsBefore);
    // Their own patient's payers are theirs, and ours are not offered to them.
    const theirs = (
      await get('Patient/getInsuranceData', { patientID: String(other.patientId) }, outsider)
    ).json<PayersReply>().payers;
    expect(theirs.map((payer) => payer.insuranceID)).not.toContain(medicareID);
  });
});
