import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedReply } from '../../contract/organisation.ts';
import type { InsuranceProfileReply, PayerIDsReply } from '../../contract/payerAdmin.ts';
import type { ProviderProfileReply } from '../../contract/providerAdmin.ts';
import { testEngines, type TestDatabase } from '../test/engines.ts';
import { createTestGroup, createTestUser, type TestGroup } from '../test/fixtures.ts';
import { createTestApp, signIn, type TestApp } from '../test/harness.ts';
import { auditOf, caller, message, npi, type Call } from '../test/adminCalls.ts';

type Caller = { get: Call; post: Call };

describe.each(testEngines)('providers, payers and what a new claim may pick on $name', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let admin: Caller;
  let otherAdmin: Caller;
  let everyAdmin: Caller;
  let biller: Caller;
  let home: TestGroup;
  let other: TestGroup;

  beforeAll(async () => {
    database = await engine.create();
    home = await createTestGroup(database.db, 'Home', { claims: 1 });
    other = await createTestGroup(database.db, 'Other', { claims: 1 });
    await database.db.query("INSERT INTO place_of_service (code, name) VALUES ('11', 'Office') ON CONFLICT DO NOTHING");
    await createTestUser(database.db, 'admin@home.test', { groupIds: [home.groupId] });
    await createTestUser(database.db, 'admin@other.test', { groupIds: [other.groupId] });
    await createTestUser(database.db, 'admin@all.test', { groupIds: [home.groupId, other.groupId] });
    await createTestUser(database.db, 'biller@home.test', {
      groupIds: [home.groupId],
      modules: ['CLAIMS', 'PATIENTS', 'PAYMENTS', 'REPORTS', 'DASHBOARD'],
    });
    test = await createTestApp(database.db);
    admin = caller(test, await signIn(test, 'admin@home.test'));
    otherAdmin = caller(test, await signIn(test, 'admin@other.test'));
    everyAdmin = caller(test, await signIn(test, 'admin@all.test'));
    biller = caller(test, await signIn(test, 'biller@home.test'));
  });

  afterAll(async () => {
    await test.close();
    await database.dispose();
  });

  const doctor = () => ({
    groupID: home.groupId,
    practiceID: home.practiceId,
    providerType: 'individual',
    firstName: 'Maya',
    lastName: 'Okafor',
    credential: 'MD',
    npi: npi('155555555'),
    taxonomyCode: '207R00000X',
    email: 'maya.okafor@home.test',
    isRendering: true,
    isSupervising: true,
  });

  it('adds a provider after the NPI, taxonomy and role checks, with the spec’s duplicate message', async () => {
    const wrong = await admin.post('Provider/addProviderData', {
      ...doctor(),
      npi: npi('255555555'),
      taxonomyCode: '207R',
      firstName: '',
      isRendering: false,
      isSupervising: false,
    });
    expect(message(wrong)).toBe(
      [
        `The provider's NPI ${npi('255555555')} belongs to an organization (it starts with 2); a person's NPI starts with 1.`,
        'The taxonomy code "207R" must be 10 characters ending in X, e.g. 207Q00000X (family medicine).',
        "The provider's first name is missing.",
        'Mark the provider as rendering, referring or supervising (one at least).',
      ].join(' '),
    );
    const added = await admin.post('Provider/addProviderData', doctor());
    expect(message(added)).toBe('Provider Successfully Created');
    const providerID = added.json<SavedReply>().pkid;
    const sameEmail = await admin.post('Provider/addProviderData', {
      ...doctor(),
      npi: npi('166666666'),
      email: 'Maya.Okafor@home.test',
    });
    expect(message(sameEmail)).toBe('User already exist with this email id.');
    const sameNpi = await admin.post('Provider/addProviderData', { ...doctor(), email: null });
    expect(message(sameNpi)).toBe(`NPI ${npi('155555555')} is already the group's provider Okafor, Maya MD.`);
    const organisation = await admin.post('Provider/addProviderData', {
      groupID: home.groupId,
      providerType: 'organization',
      lastName: 'Home Anesthesia Group',
      npi: npi('277777777'),
      isReferring: true,
      isRendering: false,
    });
    expect(message(organisation)).toBe('Provider Successfully Created');
    const info = (await admin.get('Provider/getProviderInfoByID', { providerID })).json<{
      provider: ProviderProfileReply['providers'][number];
    }>();
    expect(info.provider).toMatchObject({
      name: 'Okafor, Maya MD',
      practiceName: 'Home Practice',
      isRendering: true,
      isReferring: false,
      isSupervising: true,
    });
    expect((await otherAdmin.get('Provider/getProviderInfoByID', { providerID })).statusCode).toBe(404);
    expect((await otherAdmin.post('Provider/addProviderData', doctor())).statusCode).toBe(404);
    expect((await biller.get('Provider/getProviderProfileData')).statusCode).toBe(403);
    const listed = (
      await admin.get('Provider/getProviderProfileData', { name: 'okafor' })
    ).json<ProviderProfileReply>();
    expect(listed.providers.map((row) => row.providerID)).toEqual([providerID]);
  });

  it('changes and toggles a provider, audited with before and after, and refuses moving them to another group', async () => {
    const [provider] = (
      await admin.get('Provider/getProviderProfileData', { name: 'okafor' })
    ).json<ProviderProfileReply>().providers;
    const providerID = Number(provider?.providerID);
    const saved = await admin.post('Provider/updateProviderData', { ...doctor(), providerID, credential: 'DO' });
    expect(message(saved)).toBe('Provider Successfully Update');
    const moved = await admin.post('Provider/updateProviderData', { ...doctor(), providerID, groupID: other.groupId });
    expect(moved.statusCode).toBe(400);
    expect(message(await admin.post('Provider/updateProviderActive', { providerID, active: false }))).toBe(
      'Successfully Inactivated',
    );
    const trail = await auditOf(database.db, 'provider', providerID);
    expect(trail[1]).toMatchObject({
      action: 'provider.update',
      before: { credential: 'MD' },
      after: { credential: 'DO' },
    });
    expect(trail[2]).toEqual({ action: 'provider.inactivate', before: { active: true }, after: { active: false } });
  });

  it('adds payers with their payer IDs, clearing house, type, timely filing and claim format', async () => {
    const payer = {
      groupID: home.groupId,
      name: 'Lone Star Health Plan',
      payerID: 'lshp1',
      eligibilityPayerID: 'LSHP1E',
      clearingHouseID: 1,
      insuranceType: 'commercial',
      timelyFilingDays: 180,
      claimFormat: 'P',
    };
    const wrong = await admin.post('Insurance/addInsuranceData', {
      ...payer,
      payerID: 'LS HP',
      eligibilityPayerID: 'x',
      clearingHouseID: 99,
      timelyFilingDays: 0,
    });
    expect(message(wrong)).toBe(
      [
        'The payer ID for claims "LS HP" must be 2 to 15 letters or digits with no spaces or dashes, as the clearing house lists it (e.g. 60054).',
        'The payer ID for eligibility "X" must be 2 to 15 letters or digits with no spaces or dashes, as the clearing house lists it (e.g. 60054).',
        'There is no clearing house 99.',
        'Timely filing is a number of days from 1 to 1095 (Medicare allows 365).',
      ].join(' '),
    );
    expect((await admin.post('Insurance/addInsuranceData', { ...payer, claimFormat: 'X' })).statusCode).toBe(400);
    const added = await admin.post('Insurance/addInsuranceData', payer);
    expect(message(added)).toBe('Insurance Successfully Created');
    const insuranceID = added.json<SavedReply>().pkid;
    const selfPay = await admin.post('Insurance/addInsuranceData', {
      ...payer,
      name: 'Self Pay',
      payerID: '',
      eligibilityPayerID: null,
      insuranceType: 'self_pay',
    });
    expect(message(selfPay)).toBe('Insurance Successfully Created');
    expect(message(await admin.post('Insurance/addInsuranceData', payer))).toBe(
      '"Lone Star Health Plan" with payer ID LSHP1 already exists.',
    );
    const [row] = (await admin.get('Insurance/getInsuranceProfileData', { insuranceID })).json<InsuranceProfileReply>()
      .insurances;
    expect(row).toMatchObject({
      payerID: 'LSHP1',
      eligibilityPayerID: 'LSHP1E',
      clearingHouse: 'Availity',
      claimFormat: 'P',
    });
    expect(
      (await otherAdmin.get('Insurance/getInsuranceProfileData', { insuranceID })).json<InsuranceProfileReply>()
        .insurances,
    ).toEqual([]);
    const saved = await admin.post('Insurance/updateInsuranceData', {
      ...payer,
      insuranceID,
      timelyFilingDays: 90,
      claimFormat: 'I',
    });
    expect(message(saved)).toBe('Insurance Successfully Saved');
    expect((await auditOf(database.db, 'insurance', insuranceID))[1]).toMatchObject({
      action: 'insurance.update',
      before: { timelyFilingDays: 180, claimFormat: 'P' },
      after: { timelyFilingDays: 90, claimFormat: 'I' },
    });
    expect((await biller.post('Insurance/addInsuranceData', payer)).statusCode).toBe(403);
  });

  it('lets only an administrator of every client change a payer every client shares', async () => {
    const shared = home.insuranceId;
    const refused = await admin.post('Insurance/updateInsuranceActive', { insuranceID: shared, active: false });
    expect(refused.statusCode).toBe(403);
    expect(message(refused)).toBe(
      'A payer every client shares can be changed only by an administrator of every client.',
    );
    // Both clients' admins see it.
    expect(
      (await otherAdmin.get('Insurance/getInsuranceProfileData', { insuranceID: shared })).json<InsuranceProfileReply>()
        .insurances,
    ).toHaveLength(1);
    expect(
      message(await everyAdmin.post('Insurance/updateInsuranceActive', { insuranceID: shared, active: false })),
    ).toBe('Successfully Inactivated');
    expect(
      message(await everyAdmin.post('Insurance/updateInsuranceActive', { insuranceID: shared, active: true })),
    ).toBe('Successfully Activated');
  });

  it('answers the reference lists: insurance types with the excluded ones, clearing houses, payer IDs', async () => {
    const types = (await biller.get('Insurance/getExcludeInsuranceTypes')).json<{
      insuranceTypes: { code: string; excluded: boolean }[];
    }>().insuranceTypes;
    expect(types.filter((type) => type.excluded).map((type) => type.code)).toEqual(['self_pay']);
    expect(types).toHaveLength(8);
    const houses = (await biller.get('Insurance/getClearingHouseList')).json<{ clearingHouses: { name: string }[] }>();
    expect(houses.clearingHouses.map((house) => house.name)).toContain('Office Ally');
    const aetna = (
      await biller.get('Insurance/getSubmitionPayerIDsList', { value: 'aetna', clearingHouseID: 3 })
    ).json<PayerIDsReply>();
    expect(aetna.payers).toEqual([
      { payerID: '60054', name: 'Aetna', clearingHouseID: 3, clearingHouse: 'Office Ally' },
    ]);
    const byInsurance = (
      await biller.get('Insurance/getEligibilityPayerIDsList', { insuranceID: home.insuranceId, payerTypeID: 1 })
    ).json<PayerIDsReply>();
    expect(byInsurance.payers.map((payer) => `${payer.payerID} ${payer.clearingHouse}`)).toEqual(['60054 Availity']);
  });

  it('keeps inactive providers, facilities, practices and payers on old claims but refuses them on a new one', async () => {
    const draft = {
      patientID: home.patientId,
      providerID: home.providerId,
      posCode: '11',
      dosFrom: '2026-03-02',
      icds: ['J06.9'],
    };
    const coverage = await database.db.query<{ id: number }>(
      `INSERT INTO patient_insurances (patient_id, insurance_id, priority, subscriber_id, effective_from)
       VALUES ($1, $2, 1, 'W123456789', DATE '2025-01-01') RETURNING patient_insurance_id AS id`,
      [home.patientId, home.insuranceId],
    );
    const save = (input: Record<string, unknown> = {}) => biller.post('AddEditClaim/saveClaim', { ...draft, ...input });
    expect((await save()).statusCode).toBe(200);

    const toggle = (path: string, input: Record<string, unknown>) => everyAdmin.post(path, input);
    await toggle('Provider/updateProviderActive', { providerID: home.providerId, active: false });
    expect(message(await save())).toBe(`Provider ${home.providerId} is not an active provider of the patient's group.`);
    await toggle('Provider/updateProviderActive', { providerID: home.providerId, active: true });

    await toggle('Insurance/updateInsuranceActive', { insuranceID: home.insuranceId, active: false });
    expect(message(await save({ patientInsuranceID: coverage[0]?.id }))).toBe(
      'Aetna is an inactive payer: a new claim cannot be billed to it.',
    );
    expect(message(await save())).toBe('Aetna is an inactive payer: a new claim cannot be billed to it.');
    await toggle('Insurance/updateInsuranceActive', { insuranceID: home.insuranceId, active: true });

    await toggle('Practice/updatePracticeActive', { practiceID: home.practiceId, active: false });
    expect(message(await save())).toBe(
      "The patient's practice (or its group) is inactive: a new claim cannot be billed under it.",
    );
    // The claim made before still reads as it was.
    const [old] = await database.db.query<{ practice_id: number; provider_id: number }>(
      'SELECT practice_id, provider_id FROM claims WHERE claim_id = $1',
      [home.claimIds[0]],
    );
    expect(old).toEqual({ practice_id: home.practiceId, provider_id: home.providerId });
    await toggle('Practice/updatePracticeActive', { practiceID: home.practiceId, active: true });
    expect((await save()).statusCode).toBe(200);
  });

  it('lists the groups, practices and active providers of the data role for pickers', async () => {
    const groups = (await biller.get('Repository/getGroups')).json<{ groups: { name: string }[] }>().groups;
    expect(groups.map((group) => group.name)).toEqual(['Home']);
    const practices = (
      await everyAdmin.get('Repository/getPracticesByMultiGroups', { groupIDs: `${home.groupId},${other.groupId}` })
    ).json<{ practices: { name: string }[] }>().practices;
    expect(practices.map((practice) => practice.name)).toEqual(['Home Practice', 'Other Practice']);
    expect(
      (await biller.get('Repository/getPracticesByMultiGroups', { groupIDs: String(other.groupId) })).json<{
        practices: unknown[];
      }>().practices,
    ).toEqual([]);
    const active = (await biller.get('Repository/getActiveProviders', { groupID: home.groupId })).json<{
      providers: { name: string }[];
    }>().providers;
    // Okafor was inactivated above; the organisation refers only.
    expect(active.map((provider) => provider.name)).toEqual(['Home Anesthesia Group', 'Lee, Ann']);
  });
});
