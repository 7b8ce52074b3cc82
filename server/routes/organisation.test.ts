import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  FacilitiesProfileReply,
  GroupProfileReply,
  PracticeProfileReply,
  SavedReply,
} from '../../contract/organisation.ts';
import type { WhiteLabelSetup } from '../../contract/whiteLabel.ts';
import { testEngines, type TestDatabase } from '../test/engines.ts';
import { createTestGroup, createTestUser } from '../test/fixtures.ts';
import { createTestApp, signIn, type TestApp } from '../test/harness.ts';
import { auditOf, caller, message, npi, type Call } from '../test/adminCalls.ts';

/** A 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const ICO = Buffer.from([0, 0, 1, 0, 1, 0, 16, 16, 0, 0, 1, 0, 32, 0, 4, 0, 0, 0, 22, 0, 0, 0]);

const practiceInput = (groupID: number, name = 'Riverbend Family Medicine') => ({
  groupID,
  name,
  npi: npi('123456780'.slice(0, 9).replace(/^1/, '2')),
  taxID: '74-1234567',
  taxonomyCode: '207q00000x',
  address1: '400 Congress Ave',
  city: 'Austin',
  state: 'tx',
  zip: '787011234',
  payToAddress1: 'PO Box 1200',
  payToCity: 'Austin',
  payToState: 'TX',
  payToZip: '78767',
});

describe.each(testEngines)('groups, branding, practices and facilities on $name', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let admin: { get: Call; post: Call };
  let otherAdmin: { get: Call; post: Call };
  let biller: { get: Call; post: Call };
  let home: number;
  let other: number;

  beforeAll(async () => {
    database = await engine.create();
    home = (await createTestGroup(database.db, 'Home', { claims: 1 })).groupId;
    other = (await createTestGroup(database.db, 'Other', { claims: 1 })).groupId;
    // The code list is reference data (loaded at start); the two places of service these tests use.
    await database.db.query(
      "INSERT INTO place_of_service (code, name) VALUES ('11', 'Office'), ('22', 'On Campus-Outpatient Hospital') ON CONFLICT DO NOTHING",
    );
    await createTestUser(database.db, 'admin@home.test', { groupIds: [home] });
    await createTestUser(database.db, 'admin@other.test', { groupIds: [other] });
    await createTestUser(database.db, 'biller@home.test', {
      groupIds: [home],
      modules: ['CLAIMS', 'PATIENTS', 'PAYMENTS', 'REPORTS', 'DASHBOARD'],
    });
    test = await createTestApp(database.db);
    admin = caller(test, await signIn(test, 'admin@home.test'));
    otherAdmin = caller(test, await signIn(test, 'admin@other.test'));
    biller = caller(test, await signIn(test, 'biller@home.test'));
  });

  afterAll(async () => {
    await test.close();
    await database.dispose();
  });

  const groups = async (call: { get: Call }, input: Record<string, unknown> = {}) =>
    (await call.get('Client/getGroupProfileData', input)).json<GroupProfileReply>().groups;

  it('creates a group the admin then sees (and no other admin), refuses a bad tax ID and a duplicate name, and audits it', async () => {
    const bad = await admin.post('Client/addGroupData', { name: 'Brightside Clinics', taxID: '12-34' });
    expect(bad.statusCode).toBe(400);
    expect(message(bad)).toBe('The tax ID (EIN) must be 9 digits, written 12-3456789 or 123456789, not "12-34".');
    const added = await admin.post('Client/addGroupData', {
      name: 'Brightside Clinics',
      taxID: '74-2223334',
      address1: '1 Main St',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
    });
    expect(added.statusCode).toBe(200);
    const { message: said, pkid } = added.json<SavedReply>();
    expect(said).toBe('Group Successfully Created');
    const mine = await groups(admin);
    expect(mine.map((group) => group.name)).toEqual(['Brightside Clinics', 'Home']);
    expect(mine[0]).toMatchObject({ groupID: pkid, taxID: '742223334', active: true, practices: 0, branding: null });
    expect((await groups(otherAdmin)).map((group) => group.name)).toEqual(['Other']);
    const again = await admin.post('Client/addGroupData', { name: 'brightside clinics', taxID: '742223334' });
    expect(message(again)).toBe('A group named "brightside clinics" already exists.');
    const trail = await auditOf(database.db, 'group', pkid);
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({
      action: 'group.add',
      before: null,
      after: { name: 'Brightside Clinics', taxID: '742223334' },
    });
  });

  it('changes a group with before and after in the audit, toggles it with the spec’s words, and keeps another admin out', async () => {
    const [group] = await groups(admin, { name: 'Brightside' });
    const groupID = Number(group?.groupID);
    const saved = await admin.post('Client/updateGroupData', {
      groupID,
      name: 'Brightside Health',
      taxID: '742223334',
    });
    expect(message(saved)).toBe('Group Successfully Saved');
    expect(message(await admin.post('Client/updateGroupActive', { groupID, active: false }))).toBe(
      'Successfully Inactivated',
    );
    expect(message(await admin.post('Client/updateGroupActive', { groupID, active: true }))).toBe(
      'Successfully Activated',
    );
    const trail = await auditOf(database.db, 'group', groupID);
    expect(trail[1]).toMatchObject({
      action: 'group.update',
      before: { name: 'Brightside Clinics', address1: '1 Main St' },
      after: { name: 'Brightside Health', address1: null },
    });
    expect(trail.slice(2)).toEqual([
      { action: 'group.inactivate', before: { active: true }, after: { active: false } },
      { action: 'group.activate', before: { active: false }, after: { active: true } },
    ]);
    // Another client's admin: as if the group did not exist, and nothing changes.
    expect(
      (await otherAdmin.post('Client/updateGroupData', { groupID, name: 'Taken', taxID: '742223334' })).statusCode,
    ).toBe(404);
    expect((await otherAdmin.post('Client/updateGroupActive', { groupID, active: false })).statusCode).toBe(404);
    expect((await groups(admin, { groupID }))[0]).toMatchObject({ name: 'Brightside Health', active: true });
  });

  it('answers 403 to a role without the admin modules', async () => {
    for (const [path, input] of [
      ['Client/getGroupProfileData', {}],
      ['Practice/getPracticeProfileData', {}],
      ['Location/getfacilitiesProfileData', {}],
      ['Location/getBillType', {}],
    ] as const)
      expect((await biller.get(path, input)).statusCode).toBe(403);
    expect((await biller.post('Client/addGroupData', { name: 'Nope', taxID: '742223334' })).statusCode).toBe(403);
    expect((await biller.post('Practice/addpracticeData', practiceInput(home))).statusCode).toBe(403);
  });

  it('keeps branding files checked by their bytes and serves them to the login page of the sub-domain at once', async () => {
    const base = {
      groupID: home,
      subdomain: 'Home-Clinic',
      title: 'Home Clinic Billing',
      primaryColor: '#1a7f5a',
      secondaryColor: '#EEF7F2',
    };
    const file = (bytes: Buffer, fileName: string, mimeType: string) => ({
      fileName,
      mimeType,
      contentBase64: bytes.toString('base64'),
    });
    const refused = await admin.post('Client/addUpdateGroupWhiteLabeling', {
      ...base,
      logo: file(Buffer.from('<svg onload="alert(1)"/>'), 'logo.svg', 'image/png'),
      favicon: file(PNG, 'icon.png', 'image/png'),
      image1: file(Buffer.alloc(1_100_000, 0xff).fill(Buffer.from([0xff, 0xd8, 0xff]), 0, 3), 'big.jpg', 'image/jpeg'),
    });
    expect(refused.statusCode).toBe(400);
    expect(message(refused)).toBe(
      'The logo (logo.svg) must be a PNG, JPEG, WebP or GIF image (SVG files can carry scripts). Image 1 (big.jpg) is 1075 KB; it may be at most 1024 KB.',
    );
    expect(await database.db.query('SELECT 1 FROM branding_files')).toEqual([]);
    const badColour = await admin.post('Client/addUpdateGroupWhiteLabeling', { ...base, primaryColor: 'green' });
    expect(message(badColour)).toBe('The primary colour must be written #RRGGBB, e.g. #0b5cad.');

    const saved = await admin.post('Client/addUpdateGroupWhiteLabeling', {
      ...base,
      logo: file(PNG, 'logo.png', 'image/png'),
      image1: file(PNG, 'welcome.png', 'image/png'),
      favicon: file(ICO, 'favicon.ico', 'image/x-icon'),
    });
    expect(saved.statusCode).toBe(200);
    expect(message(saved)).toBe('Branding Successfully Saved');
    const login = await test.app.inject({
      method: 'GET',
      url: '/api/Users/getWhiteLabelSetup',
      query: { subdomain: 'home-clinic' },
    });
    const setup = login.json<WhiteLabelSetup>();
    expect(setup).toMatchObject({
      groupID: home,
      title: 'Home Clinic Billing',
      primaryColor: '#1a7f5a',
      secondaryColor: '#eef7f2',
      logoName: 'logo.png',
      image1Name: 'welcome.png',
      image2: null,
      faviconName: 'favicon.ico',
    });
    // Served without a session, as the bytes uploaded, with their type.
    const logo = await test.app.inject({ method: 'GET', url: String(setup.logo) });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.rawPayload.equals(PNG)).toBe(true);
    const favicon = await test.app.inject({ method: 'GET', url: String(setup.favicon) });
    expect(favicon.headers['content-type']).toBe('image/x-icon');

    // A second save keeps the files not sent, removes the one sent as null; another group may not take the sub-domain.
    await admin.post('Client/addUpdateGroupWhiteLabeling', { ...base, title: 'Home Clinic', image1: null });
    const again = (
      await test.app.inject({
        method: 'GET',
        url: '/api/Users/getWhiteLabelSetup',
        query: { subdomain: 'home-clinic' },
      })
    ).json<WhiteLabelSetup>();
    expect(again).toMatchObject({ title: 'Home Clinic', logo: setup.logo, image1: null, favicon: setup.favicon });
    const stolen = await otherAdmin.post('Client/addUpdateGroupWhiteLabeling', { ...base, groupID: other });
    expect(message(stolen)).toBe('The sub-domain "home-clinic" is another group\'s; choose another.');
    expect((await otherAdmin.post('Client/addUpdateGroupWhiteLabeling', base)).statusCode).toBe(404);
    expect((await groups(admin, { groupID: home }))[0]?.branding).toMatchObject({
      subdomain: 'home-clinic',
      title: 'Home Clinic',
    });
    const trail = await auditOf(database.db, 'group', home);
    expect(trail.at(-1)).toMatchObject({
      action: 'group.branding',
      before: { title: 'Home Clinic Billing', image1Name: 'welcome.png' },
      after: { title: 'Home Clinic', image1: null },
    });
  });

  it('creates and changes a practice with the billing rules a payer applies, and nothing half-saved', async () => {
    const wrong = await admin.post('Practice/addpracticeData', {
      ...practiceInput(home),
      npi: '1234567890',
      taxID: '00-1234567',
      taxonomyCode: '207Q0000',
      address1: 'P.O. Box 55',
      zip: '10001',
    });
    expect(wrong.statusCode).toBe(400);
    expect(message(wrong)).toBe(
      [
        'The billing NPI 1234567890 has a wrong check digit (the last digit should be 3).',
        'The tax ID (EIN) 00-1234567 cannot start with 00: the IRS never issues one.',
        'The taxonomy code "207Q0000" must be 10 characters ending in X, e.g. 207Q00000X (family medicine).',
        'Billing address: ZIP code 10001 is not in TX.',
        'Billing address: a billing address must be a street address, not a PO box (a PO box may be the pay-to address).',
      ].join(' '),
    );
    expect(await database.db.query("SELECT 1 FROM practices WHERE name = 'Riverbend Family Medicine'")).toEqual([]);

    const added = await admin.post('Practice/addpracticeData', practiceInput(home));
    expect(message(added)).toBe('Practice Successfully Created');
    const practiceID = added.json<SavedReply>().pkid;
    const [row] = (await admin.get('Practice/getPracticeProfileData', { practiceID })).json<PracticeProfileReply>()
      .practices;
    expect(row).toMatchObject({
      groupName: 'Home',
      taxID: '741234567',
      taxonomyCode: '207Q00000X',
      state: 'TX',
      zip: '78701-1234',
      payToAddress1: 'PO Box 1200',
      active: true,
    });
    expect(message(await admin.post('Practice/addpracticeData', practiceInput(home)))).toBe(
      'The group already has a practice named "Riverbend Family Medicine".',
    );
    expect((await otherAdmin.post('Practice/addpracticeData', practiceInput(home))).statusCode).toBe(404);
    expect(
      (await otherAdmin.get('Practice/getPracticeProfileData', { practiceID })).json<PracticeProfileReply>(),
    ).toEqual({
      practices: [],
    });

    const saved = await admin.post('Practice/updatePracticeData', {
      ...practiceInput(home),
      practiceID,
      phone: '512-555-0100',
    });
    expect(message(saved)).toBe('Practice Successfully Saved');
    const moved = await admin.post('Practice/updatePracticeData', { ...practiceInput(other), practiceID });
    expect(moved.statusCode).toBe(400);
    expect(message(await admin.post('Practice/updatePracticeActive', { practiceID, active: false }))).toBe(
      'User Successfully Inactivated',
    );
    expect(message(await admin.post('Practice/updatePracticeActive', { practiceID, active: true }))).toBe(
      'User Successfully Activated',
    );
    const trail = await auditOf(database.db, 'practice', practiceID);
    expect(trail.map((entry) => entry.action)).toEqual([
      'practice.add',
      'practice.update',
      'practice.inactivate',
      'practice.activate',
    ]);
    expect(trail[1]).toMatchObject({ before: { phone: null }, after: { phone: '512-555-0100' } });
  });

  it('creates facilities with a place of service and a type of bill, and lists them by practice', async () => {
    const [practice] = (
      await admin.get('Practice/getPracticeProfileData', { name: 'Riverbend' })
    ).json<PracticeProfileReply>().practices;
    const practiceID = Number(practice?.practiceID);
    const facility = {
      practiceID,
      name: 'Riverbend Outpatient Center',
      posCode: '22',
      billType: '0131',
      npi: npi('298765432'),
      address1: '12 Lake Dr',
      city: 'Austin',
      state: 'TX',
      zip: '78702',
    };
    const wrong = await admin.post('Location/addFacility', {
      ...facility,
      posCode: '99x',
      billType: '999',
      npi: npi('123456789'),
      state: 'ZZ',
    });
    expect(message(wrong)).toBe(
      [
        'Place of service "99x" is not in the code list (e.g. 11 office, 22 outpatient hospital).',
        "The facility's NPI 1234567893 belongs to a person (it starts with 1); an organization's NPI starts with 2.",
        'The type of bill "999" is not one of the list (e.g. 131 hospital outpatient, 831 ambulatory surgery center).',
        'Facility address: "ZZ" is not a US state code (two letters, e.g. TX).',
      ].join(' '),
    );
    const added = await admin.post('Location/addFacility', facility);
    expect(message(added)).toBe('Facility Successfully Created');
    const facilityID = added.json<SavedReply>().pkid;
    const list = (await admin.get('Location/getfacilitiesProfileData', { practiceID })).json<FacilitiesProfileReply>();
    expect(list.facilities).toEqual([
      expect.objectContaining({
        facilityID,
        billType: '131',
        posCode: '22',
        practiceName: 'Riverbend Family Medicine',
      }),
    ]);
    expect(
      message(await admin.post('Location/updateFacility', { ...facility, facilityID, phone: '512-555-0101' })),
    ).toBe('Facility Successfully Saved');
    expect(message(await admin.post('Location/updateFacilityActive', { facilityID, active: false }))).toBe(
      'Successfully Inactivated',
    );
    expect((await otherAdmin.post('Location/updateFacilityActive', { facilityID, active: true })).statusCode).toBe(404);
    expect(
      (
        await admin.get('Location/getfacilitiesProfileData', { practiceID, active: 'false' })
      ).json<FacilitiesProfileReply>().facilities,
    ).toHaveLength(1);
    const billTypes = (await admin.get('Location/getBillType')).json<{ billTypes: { code: string }[] }>().billTypes;
    expect(billTypes.map((type) => type.code)).toContain('831');
    expect((await auditOf(database.db, 'facility', facilityID)).map((entry) => entry.action)).toEqual([
      'facility.add',
      'facility.update',
      'facility.inactivate',
    ]);
  });
});
