/**
 * A new client onboarded through the API alone, on the demo data, as the demo administrator: its
 * group and login-page branding, practice, facility, providers and payer; a data role of that
 * group only, a biller's role and an invited user; the user's first sign-in (password, then an
 * authenticator enrolled from the key the invitation gives); what the user sees; and a first claim
 * of the new client, scrubbed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser, SignInReply } from '../../contract/auth.ts';
import type { ClaimTableReply } from '../../contract/claims.ts';
import type { ClaimInfoReply } from '../../contract/claimForm.ts';
import { CLAIM_STATUS, SCRUB_STATUS } from '../../contract/claimStatus.ts';
import type { PracticesReply } from '../../contract/crosswalks.ts';
import type { ModuleRow } from '../../contract/menuRoles.ts';
import type { GroupsReply, SavedReply } from '../../contract/organisation.ts';
import type { ClaimScrubReply } from '../../contract/scrub.ts';
import type { AuthenticatorEnrolment } from '../../contract/staff.ts';
import type { WhiteLabelSetup } from '../../contract/whiteLabel.ts';
import { totpCode } from '../auth/totp.ts';
import { loadReferenceData } from '../reference/load.ts';
import { DEMO_EMAIL, DEMO_PASSWORD, DEMO_TOTP_SECRET } from '../seed/demo-user.ts';
import { seedDemo } from '../seed/generator.ts';
import { caller, message, npi, type Call } from '../test/adminCalls.ts';
import { testEngines, type TestDatabase } from '../test/engines.ts';
import { createTestApp, TestClock, type TestApp } from '../test/harness.ts';

/** An 8x8 PNG, a checkerboard of the new client's two colours. */
const LOGO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAGUlEQVR42mOQqo969/0TJsmAVRRIMgxKHQBYCXlB8Kh6agAAAABJRU5ErkJggg==',
  'base64',
);
const NOW = new Date('2026-11-22T12:00:00Z');
const BILLER_EMAIL = 'rosa.mendez@cedarcreek.test';
const BILLER_PASSWORD = 'Cedar-Creek-Billing-7';

type Caller = { get: Call; post: Call };

describe.each(testEngines)('onboarding a new client through the API on $name', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let admin: Caller;
  let biller: Caller;
  /** What the steps made, for the steps after them. */
  const made = {
    groupID: 0,
    practiceID: 0,
    facilityID: 0,
    doctorID: 0,
    organisationID: 0,
    insuranceID: 0,
    dataRoleID: 0,
    roleID: 0,
    userID: 0,
  };
  let demoClaimID = 0;
  let demoGroups: string[] = [];

  /** Password, then the authenticator's code of the next 30-second step, as the sign-in page does. */
  const signIn = async (email: string, password: string, secret: string): Promise<SessionUser> => {
    const first = await test.app.inject({ method: 'POST', url: '/api/Users/signIn', payload: { email, password } });
    expect(first.statusCode, first.body).toBe(200);
    const { challenge, methods } = first.json<SignInReply>();
    expect(methods).toContain('totp');
    test.clock.nextTotpStep();
    const second = await test.app.inject({
      method: 'GET',
      url: '/api/Users/validatePasscode',
      query: { email, challenge, passcode: totpCode(secret, test.clock.time) },
    });
    expect(second.statusCode, second.body).toBe(200);
    return second.json<SessionUser>();
  };

  beforeAll(async () => {
    database = await engine.create();
    await loadReferenceData(database.db);
    await seedDemo(database.db, { claims: 60, seed: 5, now: NOW });
    test = await createTestApp(database.db, new TestClock(NOW.getTime()));
    admin = caller(test, await signIn(DEMO_EMAIL, DEMO_PASSWORD, DEMO_TOTP_SECRET));
    demoGroups = (await admin.get('Repository/getGroups')).json<GroupsReply>().groups.map((group) => group.name);
    const claims = (await admin.get('Claims/getAllClaimsSearchTableData', { pageSize: 1 })).json<ClaimTableReply>();
    demoClaimID = Number(claims.rows[0]?.[0]);
  }, 240_000);

  afterAll(async () => {
    await test.close();
    await database.dispose();
  });

  it('creates a group with its branding, which the login page of its sub-domain then shows', async () => {
    expect(demoGroups.length).toBeGreaterThan(1);
    expect(demoClaimID).toBeGreaterThan(0);
    const added = await admin.post('Client/addGroupData', {
      name: 'Cedar Creek Medical Group',
      taxID: '74-5551212',
      address1: '800 Cedar Creek Pkwy',
      city: 'Austin',
      state: 'TX',
      zip: '78745',
    });
    expect(message(added)).toBe('Group Successfully Created');
    made.groupID = added.json<SavedReply>().pkid;

    const branded = await admin.post('Client/addUpdateGroupWhiteLabeling', {
      groupID: made.groupID,
      subdomain: 'cedarcreek',
      title: 'Cedar Creek Billing',
      primaryColor: '#1a7f5a',
      secondaryColor: '#eef7f2',
      logo: { fileName: 'cedar-creek.png', mimeType: 'image/png', contentBase64: LOGO.toString('base64') },
    });
    expect(message(branded)).toBe('Branding Successfully Saved');
    // The login page asks without a session.
    const setup = (
      await test.app.inject({ method: 'GET', url: '/api/Users/getWhiteLabelSetup', query: { subdomain: 'CedarCreek' } })
    ).json<WhiteLabelSetup>();
    expect(setup).toMatchObject({
      groupID: made.groupID,
      subdomain: 'cedarcreek',
      title: 'Cedar Creek Billing',
      primaryColor: '#1a7f5a',
      secondaryColor: '#eef7f2',
      logoName: 'cedar-creek.png',
      active: true,
    });
    const logo = await test.app.inject({ method: 'GET', url: String(setup.logo) });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.rawPayload.equals(LOGO)).toBe(true);
    // Another sub-domain still gets its own (or the default) page, not the new client's.
    const other = (
      await test.app.inject({ method: 'GET', url: '/api/Users/getWhiteLabelSetup', query: { subdomain: 'elsewhere' } })
    ).json<WhiteLabelSetup>();
    expect(other.groupID).not.toBe(made.groupID);
  });

  it('adds the practice, a facility, an individual and an organisation provider, and a payer', async () => {
    const practice = await admin.post('Practice/addpracticeData', {
      groupID: made.groupID,
      name: 'Cedar Creek Family Practice',
      npi: npi('245678901'),
      taxID: '74-5551212',
      taxonomyCode: '207Q00000X',
      address1: '800 Cedar Creek Pkwy',
      city: 'Austin',
      state: 'TX',
      zip: '78745-1200',
      phone: '512-555-0142',
    });
    expect(message(practice)).toBe('Practice Successfully Created');
    made.practiceID = practice.json<SavedReply>().pkid;

    const facility = await admin.post('Location/addFacility', {
      practiceID: made.practiceID,
      name: 'Cedar Creek Clinic',
      posCode: '11',
      npi: npi('256789012'),
      address1: '800 Cedar Creek Pkwy',
      city: 'Austin',
      state: 'TX',
      zip: '78745',
    });
    expect(message(facility)).toBe('Facility Successfully Created');
    made.facilityID = facility.json<SavedReply>().pkid;

    const doctor = await admin.post('Provider/addProviderData', {
      groupID: made.groupID,
      practiceID: made.practiceID,
      providerType: 'individual',
      firstName: 'Elena',
      lastName: 'Vasquez',
      credential: 'MD',
      npi: npi('167890123'),
      taxonomyCode: '207Q00000X',
      isRendering: true,
      isReferring: true,
    });
    expect(message(doctor)).toBe('Provider Successfully Created');
    made.doctorID = doctor.json<SavedReply>().pkid;
    const organisation = await admin.post('Provider/addProviderData', {
      groupID: made.groupID,
      practiceID: made.practiceID,
      providerType: 'organization',
      lastName: 'Cedar Creek Imaging',
      npi: npi('278901234'),
      taxonomyCode: '261QR0200X',
      isRendering: true,
    });
    expect(message(organisation)).toBe('Provider Successfully Created');
    made.organisationID = organisation.json<SavedReply>().pkid;

    const payer = await admin.post('Insurance/addInsuranceData', {
      groupID: made.groupID,
      name: 'Hill Country Health Plan',
      payerID: 'HCHP7',
      eligibilityPayerID: 'HCHP7',
      clearingHouseID: 1,
      insuranceType: 'commercial',
      timelyFilingDays: 180,
      claimFormat: 'P',
    });
    expect(message(payer)).toBe('Insurance Successfully Created');
    made.insuranceID = payer.json<SavedReply>().pkid;

    // The administrator finds them where a biller's pickers look.
    const practices = (
      await admin.get('Repository/getPracticesByMultiGroups', { groupIDs: String(made.groupID) })
    ).json<{ practices: { name: string }[] }>().practices;
    expect(practices.map((row) => row.name)).toEqual(['Cedar Creek Family Practice']);
    const providers = (await admin.get('Repository/getActiveProviders', { groupID: made.groupID })).json<{
      providers: { name: string }[];
    }>().providers;
    expect(providers.map((row) => row.name).sort()).toEqual(['Cedar Creek Imaging', 'Vasquez, Elena']);
  });

  it('gives a data role of the new group only, a biller’s role and an invitation to a new user', async () => {
    const dataRole = await admin.post('Repository/saveDataRole', {
      name: 'Cedar Creek staff',
      groupIDs: [made.groupID],
    });
    expect(dataRole.statusCode, dataRole.body).toBe(200);
    made.dataRoleID = dataRole.json<{ id: number }>().id;

    const modules = (await admin.get('Roles/GetModuleForAssignPrivilege')).json<ModuleRow[]>();
    const claimsModule = modules.find((row) => row.moduleCode === 'CLAIMS');
    const patientsModule = modules.find((row) => row.moduleCode === 'PATIENTS');
    expect(claimsModule).toBeDefined();
    expect(patientsModule).toBeDefined();
    const role = await admin.post('Roles/saveRole', {
      roleName: 'Cedar Creek biller',
      moduleIDs: [Number(claimsModule?.moduleID), Number(patientsModule?.moduleID)],
    });
    expect(message(role)).toBe('Menu Role Successfully Created');
    made.roleID = role.json<{ id: number }>().id;

    const invited = await admin.post('Users/saveUser', {
      email: BILLER_EMAIL,
      firstName: 'Rosa',
      lastName: 'Mendez',
      roleID: made.roleID,
      dataRoleID: made.dataRoleID,
      defaultModuleURL: '/app/all-claims',
    });
    expect(message(invited)).toBe('User Successfully Created');
    made.userID = invited.json<{ userID: number }>().userID;
    expect(test.mail.at(-1)).toMatchObject({ to: BILLER_EMAIL, subject: 'You are invited to the Billing Console' });
  });

  it('lets the invited user set a password, enrol an authenticator from the key given, and sign in with both', async () => {
    const link = /accept-invitation\?token=([\w%-]+)/.exec(test.mail.at(-1)?.text ?? '')?.[1];
    expect(link).toBeDefined();
    const token = decodeURIComponent(String(link));
    const invitation = await test.app.inject({ method: 'GET', url: '/api/Users/getInvitation', query: { token } });
    expect(invitation.json()).toEqual({ email: BILLER_EMAIL, firstName: 'Rosa', lastName: 'Mendez' });

    const accepted = await test.app.inject({
      method: 'POST',
      url: '/api/Users/acceptInvitation',
      payload: { token, newPassword: BILLER_PASSWORD },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const enrolment = accepted.json<AuthenticatorEnrolment>();
    expect(enrolment.email).toBe(BILLER_EMAIL);
    expect(enrolment.otpauthUri).toContain(`secret=${enrolment.secret}`);
    test.clock.nextTotpStep();
    const enrolled = await test.app.inject({
      method: 'POST',
      url: '/api/Users/enrolInvitedAuthenticator',
      payload: { token, code: totpCode(enrolment.secret, test.clock.time) },
    });
    expect(enrolled.json()).toEqual({ message: 'Authenticator app enrolled.' });

    const session = await signIn(BILLER_EMAIL, BILLER_PASSWORD, enrolment.secret);
    expect([...session.modules].sort()).toEqual(['CLAIMS', 'PATIENTS']);
    expect(session.menuData.menuLinks.map((menuLink) => menuLink.link)).toContain('/app/all-claims');
    expect(session.menuData.menuLinks.map((menuLink) => menuLink.link)).not.toContain('/setting/users');
    biller = caller(test, session);
  });

  it('shows the new user the new group only: no demo group, practice or claim', async () => {
    const groups = (await biller.get('Repository/getGroups')).json<GroupsReply>().groups;
    expect(groups.map((group) => group.name)).toEqual(['Cedar Creek Medical Group']);
    const practices = (await biller.get('Repository/getPractices')).json<PracticesReply>().practices;
    expect(practices.map((practice) => [practice.name, practice.groupName])).toEqual([
      ['Cedar Creek Family Practice', 'Cedar Creek Medical Group'],
    ]);
    const claims = (await biller.get('Claims/getAllClaimsSearchTableData')).json<ClaimTableReply>();
    expect(claims).toMatchObject({ total: 0, rows: [] });
    expect((await biller.get('Claims/getClaimInfoData', { claimID: demoClaimID })).statusCode).toBe(404);
    expect((await biller.get('Claims/getClaimDetailData', { claimID: demoClaimID })).statusCode).toBe(404);
    // The administrator's own calls stay closed to the biller's role.
    expect((await biller.get('Client/getGroupProfileData')).statusCode).toBe(403);
  });

  it('lets the new user bill a first claim of the new client and scrub it', async () => {
    // The patient and the coverage the claim needs are added through the calls, as a biller would.
    const registered = await biller.post('Patient/savePatient', {
      practiceID: made.practiceID,
      firstName: 'Dana',
      lastName: 'Whitfield',
      dateOfBirth: '1979-06-14',
      sex: 'F',
      address1: '12 Barton Springs Rd',
      city: 'Austin',
      state: 'TX',
      zip: '78704',
    });
    expect(registered.statusCode, registered.body).toBe(200);
    expect(registered.json<{ message: string }>().message).toBe('Successfully saved patient');
    const patientID = registered.json<{ patientID: number }>().patientID;
    const covered = await biller.post('Patient/AddPatientInsurance', {
      patientID,
      insuranceID: made.insuranceID,
      priority: 1,
      subscriberID: 'HC55501234',
      relationship: '18',
      effectiveFrom: '2026-01-01',
    });
    expect(covered.statusCode, covered.body).toBe(200);
    expect(covered.json<{ message: string }>().message).toBe('Patient Insurance Update Successfully');

    const coverages = (await biller.get('Repository/getPatientInsurance', { patientID })).json<{
      coverages: { insuranceID: number }[];
    }>().coverages;
    expect(coverages.map((coverage) => coverage.insuranceID)).toEqual([made.insuranceID]);
    const saved = await biller.post('AddEditClaim/saveClaimForm', {
      patientID,
      providerID: made.doctorID,
      facilityID: made.facilityID,
      posCode: '11',
      dosFrom: '2026-11-02',
      dosTo: '2026-11-02',
      icds: ['I10'],
      lines: [{ cptCode: '99213', units: 1, diagnosisPointers: [1], chargeCents: 15000 }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const claimID = saved.json<{ claimID: number }>().claimID;

    const listed = (await biller.get('Claims/getAllClaimsSearchTableData')).json<ClaimTableReply>();
    expect(listed.total).toBe(1);
    expect(listed.rows[0]?.[0]).toBe(claimID);
    expect(listed.rows[0]?.slice(6, 9)).toEqual([made.practiceID, made.doctorID, made.insuranceID]);

    const scrubbed = await biller.post('Claims/claimScrubing', { claimID });
    expect(scrubbed.statusCode, scrubbed.body).toBe(200);
    const { summary, findings } = scrubbed.json<ClaimScrubReply>();
    expect(findings).toEqual([]);
    expect(summary).toEqual({
      claimID,
      scrubStatusID: SCRUB_STATUS.passed,
      claimStatusID: CLAIM_STATUS.readyToSubmit,
      errors: 0,
      warnings: 0,
    });
    // The claim reads back with the client's own records and the scrubber's verdict.
    const { claim, lines } = (await biller.get('Claims/getClaimInfoData', { claimID })).json<ClaimInfoReply>();
    expect(claim).toMatchObject({
      groupName: 'Cedar Creek Medical Group',
      practiceName: 'Cedar Creek Family Practice',
      facilityName: 'Cedar Creek Clinic',
      providerID: made.doctorID,
      providerNpi: npi('167890123'),
      insuranceID: made.insuranceID,
      payerName: 'Hill Country Health Plan',
      claimStatus: 'Ready to Submit',
      scrubStatus: 'Passed',
    });
    expect(lines).toHaveLength(1);
    // A demo biller of another client sees none of it.
    const lakesideBiller = caller(test, await signIn('biller@demo.test', DEMO_PASSWORD, DEMO_TOTP_SECRET));
    const theirGroups = (await lakesideBiller.get('Repository/getGroups')).json<GroupsReply>().groups;
    expect(theirGroups.map((group) => group.name)).not.toContain('Cedar Creek Medical Group');
    expect((await lakesideBiller.get('Claims/getClaimInfoData', { claimID })).statusCode).toBe(404);
    expect((await lakesideBiller.get('Repository/getPatientInsurance', { patientID })).statusCode).toBe(404);
  });
});
