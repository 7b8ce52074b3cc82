import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InfoByNpiReply, ProviderLookupReply, ValidateAddressReply } from '../../contract/providerAdmin.ts';
import { ADDRESS_SERVICE_UNREACHABLE } from '../services/organisation/addressCheck.ts';
import { REGISTRY_OFF, REGISTRY_UNREACHABLE } from '../services/organisation/npiRegistry.ts';
import { testEngines, type TestDatabase } from '../test/engines.ts';
import { createTestGroup, createTestUser } from '../test/fixtures.ts';
import { createTestApp, signIn, TestClock, type TestApp } from '../test/harness.ts';
import { caller, message, npi, type Call } from '../test/adminCalls.ts';

const DOCTOR_NPI = npi('149999999');

/** One registry result as NPPES API 2.1 writes it. */
const nppesDoctor = {
  number: DOCTOR_NPI,
  enumeration_type: 'NPI-1',
  basic: { first_name: 'ELENA', last_name: 'RUIZ', middle_name: 'M', credential: 'M.D.', status: 'A' },
  addresses: [
    { address_purpose: 'MAILING', address_1: 'PO BOX 9', city: 'AUSTIN', state: 'TX', postal_code: '78767' },
    {
      address_purpose: 'LOCATION',
      address_1: '1200 RED RIVER ST',
      address_2: 'SUITE 4',
      city: 'AUSTIN',
      state: 'TX',
      postal_code: '787011234',
      telephone_number: '512-555-0199',
    },
  ],
  taxonomies: [
    { code: '207RC0000X', desc: 'Internal Medicine, Cardiovascular Disease', primary: false },
    { code: '207R00000X', desc: 'Internal Medicine', primary: true },
  ],
};

/** A stand-in for the public registry and an address service, answering in their JSON shapes. */
function startStandIn(): Promise<{ server: Server; url: string; asked: URLSearchParams[] }> {
  const asked: URLSearchParams[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    asked.push(url.searchParams);
    response.setHeader('content-type', 'application/json');
    if (url.pathname === '/api/') {
      if (
        !url.searchParams.get('number') &&
        !url.searchParams.get('last_name') &&
        !url.searchParams.get('organization_name')
      )
        return response.end(JSON.stringify({ Errors: [{ description: 'No valid search criteria provided' }] }));
      const match = url.searchParams.get('number') === DOCTOR_NPI || url.searchParams.get('last_name') === 'Ruiz*';
      return response.end(JSON.stringify({ result_count: match ? 1 : 0, results: match ? [nppesDoctor] : [] }));
    }
    // The address service: knows one street.
    const known = url.searchParams.get('address1')?.toUpperCase().startsWith('1200 RED RIVER');
    return response.end(
      JSON.stringify(
        known
          ? { valid: true, address: { address1: '1200 RED RIVER ST', city: 'AUSTIN', state: 'TX', zip: '78701-1234' } }
          : { valid: false, message: 'No such street in that ZIP code.' },
      ),
    );
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, asked }),
    ),
  );
}

describe.each(testEngines)('the NPI registry and address checks on $name', (engine) => {
  let database: TestDatabase;
  let standIn: Awaited<ReturnType<typeof startStandIn>>;
  let online: TestApp;
  let offline: TestApp;
  let switchedOff: TestApp;
  let admin: { get: Call };
  let adminOffline: { get: Call };
  let adminSwitchedOff: { get: Call };
  let biller: { get: Call };

  beforeAll(async () => {
    database = await engine.create();
    const group = await createTestGroup(database.db, 'Home', { claims: 0 });
    await createTestUser(database.db, 'admin@home.test', { groupIds: [group.groupId] });
    await createTestUser(database.db, 'biller@home.test', { groupIds: [group.groupId], modules: ['CLAIMS'] });
    standIn = await startStandIn();
    // One clock for the three servers on one database: each sign-in takes the next authenticator step.
    const clock = new TestClock();
    online = await createTestApp(database.db, clock, {
      nppesUrl: `${standIn.url}/api/`,
      addressServiceUrl: `${standIn.url}/address`,
    });
    // A port nothing listens on: the registry and the service cannot be reached.
    const closed = await startStandIn();
    await new Promise((resolve) => closed.server.close(resolve));
    offline = await createTestApp(database.db, clock, {
      nppesUrl: `${closed.url}/api/`,
      addressServiceUrl: `${closed.url}/address`,
    });
    switchedOff = await createTestApp(database.db, clock);
    admin = caller(online, await signIn(online, 'admin@home.test'));
    adminOffline = caller(offline, await signIn(offline, 'admin@home.test'));
    adminSwitchedOff = caller(switchedOff, await signIn(switchedOff, 'admin@home.test'));
    biller = caller(online, await signIn(online, 'biller@home.test'));
  });

  afterAll(async () => {
    await Promise.all([online.close(), offline.close(), switchedOff.close()]);
    await new Promise((resolve) => standIn.server.close(resolve));
    await database.dispose();
  });

  it('fills a provider from the registry: name, credential, primary taxonomy and practice location', async () => {
    const reply = await admin.get('Reports/getInfoByNPI', { npi: DOCTOR_NPI, type: 'individual' });
    expect(reply.json<InfoByNpiReply>()).toEqual({
      available: true,
      message: null,
      entry: {
        npi: DOCTOR_NPI,
        providerType: 'individual',
        firstName: 'ELENA',
        middleName: 'M',
        lastName: 'RUIZ',
        organizationName: null,
        credential: 'M.D.',
        taxonomyCode: '207R00000X',
        taxonomyDescription: 'Internal Medicine',
        address1: '1200 RED RIVER ST',
        address2: 'SUITE 4',
        city: 'AUSTIN',
        state: 'TX',
        zip: '78701-1234',
        phone: '512-555-0199',
        active: true,
      },
    });
    expect(standIn.asked.at(-1)?.get('version')).toBe('2.1');
    const unknown = (await admin.get('Reports/getInfoByNPI', { npi: npi('148888888') })).json<InfoByNpiReply>();
    expect(unknown).toEqual({
      available: true,
      message: `NPI ${npi('148888888')} is not in the NPI registry.`,
      entry: null,
    });
  });

  it('refuses a mistyped NPI from its check digit before asking the registry', async () => {
    const before = standIn.asked.length;
    const reply = await admin.get('Reports/getInfoByNPI', { npi: '1499999990' });
    expect(reply.statusCode).toBe(400);
    expect(message(reply)).toMatch(/^NPI 1499999990 has a wrong check digit/);
    expect(standIn.asked.length).toBe(before);
  });

  it('searches by SPEC point 3’s parameters, names as prefixes unless an exact match is asked', async () => {
    const found = (
      await admin.get('Reports/getProviderInforFromNPPES', {
        lastName: 'Ruiz',
        state: 'tx',
        zip: '78701-1234',
        type: 'individual',
        limit: 5,
      })
    ).json<ProviderLookupReply>();
    expect(found.results.map((entry) => entry.npi)).toEqual([DOCTOR_NPI]);
    const params = standIn.asked.at(-1);
    expect(Object.fromEntries(params ?? [])).toEqual({
      version: '2.1',
      enumeration_type: 'NPI-1',
      last_name: 'Ruiz*',
      state: 'TX',
      postal_code: '787011234',
      limit: '5',
    });
    await admin.get('Reports/getProviderInforFromNPPES', {
      lastName: 'Home Care',
      type: 'organization',
      exactMatch: 'true',
    });
    expect(standIn.asked.at(-1)?.get('organization_name')).toBe('Home Care');
    const tooWide = (await admin.get('Reports/getProviderInforFromNPPES', { state: 'TX' })).json<ProviderLookupReply>();
    expect(tooWide).toEqual({
      available: true,
      message: 'The NPI registry says: No valid search criteria provided',
      results: [],
    });
    expect((await biller.get('Reports/getProviderInforFromNPPES', { lastName: 'Ruiz' })).statusCode).toBe(403);
  });

  it('says in one line when the registry cannot be reached or is switched off, and the user types the data', async () => {
    const unreachable = (await adminOffline.get('Reports/getInfoByNPI', { npi: DOCTOR_NPI })).json<InfoByNpiReply>();
    expect(unreachable).toEqual({ available: false, message: REGISTRY_UNREACHABLE, entry: null });
    const off = (
      await adminSwitchedOff.get('Reports/getProviderInforFromNPPES', { lastName: 'Ruiz' })
    ).json<ProviderLookupReply>();
    expect(off).toEqual({ available: false, message: REGISTRY_OFF, results: [] });
  });

  it('checks an address by the offline rules, then by the address service when one is set', async () => {
    const check = (call: { get: Call }, input: Record<string, unknown>) =>
      call.get('Reports/validateAddress', input).then((reply) => reply.json<ValidateAddressReply>());
    const poBox = await check(biller, {
      address1: 'PO Box 77',
      city: 'Austin',
      state: 'TX',
      zip: '787011',
      purpose: 'billing',
    });
    expect(poBox).toMatchObject({ valid: false, checkedBy: 'rules' });
    expect(poBox.problems).toEqual([
      'Address: the ZIP code must be 5 digits or ZIP+4 (12345-6789), not "787011".',
      'Address: a billing address must be a street address, not a PO box (a PO box may be the pay-to address).',
    ]);
    const payTo = await check(adminSwitchedOff, {
      address1: 'PO Box 77',
      city: 'Austin',
      state: 'tx',
      zip: '78767',
      purpose: 'payTo',
    });
    expect(payTo).toMatchObject({ valid: true, checkedBy: 'rules', address: { state: 'TX', zip: '78767' } });
    const wrongState = await check(adminSwitchedOff, {
      address1: '1 Main St',
      city: 'Reno',
      state: 'NV',
      zip: '78701',
    });
    expect(wrongState.problems).toEqual(['Address: ZIP code 78701 is not in NV.']);

    const confirmed = await check(admin, {
      address1: '1200 Red River St',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      purpose: 'service',
    });
    expect(confirmed).toMatchObject({
      valid: true,
      checkedBy: 'service',
      address: { address1: '1200 RED RIVER ST', zip: '78701-1234' },
    });
    const unknownStreet = await check(admin, { address1: '9 Nowhere Ln', city: 'Austin', state: 'TX', zip: '78701' });
    expect(unknownStreet).toMatchObject({
      valid: false,
      checkedBy: 'service',
      problems: ['No such street in that ZIP code.'],
    });
    const serviceDown = await check(adminOffline, {
      address1: '9 Nowhere Ln',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
    });
    expect(serviceDown).toMatchObject({ valid: true, checkedBy: 'rules', message: ADDRESS_SERVICE_UNREACHABLE });
  });
});
