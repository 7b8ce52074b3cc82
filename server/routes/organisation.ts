/**
 * The organisation's administration: groups and their branding (Client), practices, facilities
 * (Location), providers, payers (Insurance), and the NPI registry and address checks (Reports).
 */
import type { FastifyInstance } from 'fastify';
import { Client } from '../../contract/calls/client.ts';
import { Insurance } from '../../contract/calls/insurance.ts';
import { Location } from '../../contract/calls/location.ts';
import { Practice } from '../../contract/calls/practice.ts';
import { Provider } from '../../contract/calls/provider.ts';
import { Reports } from '../../contract/calls/reports.ts';
import { Repository } from '../../contract/calls/repository.ts';
import { defineCall } from '../http/defineCall.ts';
import type { AuthDeps } from '../services/auth/deps.ts';
import { validateAddress, type AddressService } from '../services/organisation/addressCheck.ts';
import { brandingFile, saveBranding } from '../services/organisation/branding.ts';
import { addFacility, listFacilities, setFacilityActive, updateFacility } from '../services/organisation/facilities.ts';
import { addGroup, listGroups, setGroupActive, updateGroup } from '../services/organisation/groups.ts';
import {
  addInsurance,
  listInsurances,
  setInsuranceActive,
  updateInsurance,
} from '../services/organisation/insurances.ts';
import {
  activeProviders,
  billTypes,
  clearingHouses,
  eligibilityPayerIDs,
  groupsOfDataRole,
  insuranceTypes,
  payerIDs,
  practicesOfGroups,
} from '../services/organisation/lookups.ts';
import type { NpiRegistry } from '../services/organisation/npiRegistry.ts';
import { lookUpNpi } from '../services/organisation/npiLookup.ts';
import { addPractice, listPractices, setPracticeActive, updatePractice } from '../services/organisation/practices.ts';
import {
  addProvider,
  listProviders,
  providerByID,
  setProviderActive,
  updateProvider,
} from '../services/organisation/providers.ts';

/** Four branding files as base64 in one JSON body. */
const BRANDING_BODY_LIMIT = 6 * 1024 * 1024;

export interface OrganisationAdapters {
  npiRegistry: NpiRegistry;
  addressService: AddressService | null;
}

export function organisationRoutes(app: FastifyInstance, deps: AuthDeps, adapters: OrganisationAdapters): void {
  const brandingUrl = `/api${Client.addUpdateGroupWhiteLabeling.path}`;
  app.addHook('onRoute', (route) => {
    if (route.url === brandingUrl) route.bodyLimit = BRANDING_BODY_LIMIT;
  });

  // Groups and their branding.
  defineCall(app, deps, Client.getGroupProfileData, {
    handler: (input, { data }) => data.asActor(listGroups)(input),
  });
  defineCall(app, deps, Client.addGroupData, { handler: (input, { data }) => data.asActor(addGroup)(input) });
  defineCall(app, deps, Client.updateGroupData, { handler: (input, { data }) => data.asActor(updateGroup)(input) });
  defineCall(app, deps, Client.updateGroupActive, {
    handler: (input, { data }) => data.asActor(setGroupActive)(input),
  });
  defineCall(app, deps, Client.addUpdateGroupWhiteLabeling, {
    handler: (input, { data }) => data.asActor(saveBranding)(input, deps.now()),
  });
  defineCall(app, deps, Client.getBrandingFile, {
    handler: async (input, { reference }, _request, reply) => {
      const file = await reference(brandingFile)(input.fileID);
      // A kept file never changes (a new upload is a new id), so the browser may keep it.
      return reply
        .type(file.mimeType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(file.content);
    },
  });

  // Practices and facilities.
  defineCall(app, deps, Practice.getPracticeProfileData, {
    handler: (input, { data }) => data.asActor(listPractices)(input),
  });
  defineCall(app, deps, Practice.addpracticeData, { handler: (input, { data }) => data.asActor(addPractice)(input) });
  defineCall(app, deps, Practice.updatePracticeData, {
    handler: (input, { data }) => data.asActor(updatePractice)(input),
  });
  defineCall(app, deps, Practice.updatePracticeActive, {
    handler: (input, { data }) => data.asActor(setPracticeActive)(input),
  });
  defineCall(app, deps, Location.getfacilitiesProfileData, {
    handler: (input, { data }) => data.asActor(listFacilities)(input),
  });
  defineCall(app, deps, Location.getBillType, { handler: () => Promise.resolve(billTypes()) });
  defineCall(app, deps, Location.addFacility, { handler: (input, { data }) => data.asActor(addFacility)(input) });
  defineCall(app, deps, Location.updateFacility, {
    handler: (input, { data }) => data.asActor(updateFacility)(input),
  });
  defineCall(app, deps, Location.updateFacilityActive, {
    handler: (input, { data }) => data.asActor(setFacilityActive)(input),
  });

  // Providers and the NPI registry.
  defineCall(app, deps, Provider.getProviderProfileData, {
    handler: (input, { data }) => data.asActor(listProviders)(input),
  });
  defineCall(app, deps, Provider.getProviderInfoByID, {
    handler: (input, { data }) => data.asActor(providerByID)(input.providerID),
  });
  defineCall(app, deps, Provider.addProviderData, { handler: (input, { data }) => data.asActor(addProvider)(input) });
  defineCall(app, deps, Provider.updateProviderData, {
    handler: (input, { data }) => data.asActor(updateProvider)(input),
  });
  defineCall(app, deps, Provider.updateProviderActive, {
    handler: (input, { data }) => data.asActor(setProviderActive)(input),
  });
  defineCall(app, deps, Reports.getProviderInforFromNPPES, {
    handler: (input) => adapters.npiRegistry.search(input),
  });
  defineCall(app, deps, Reports.getInfoByNPI, {
    handler: (input) => lookUpNpi(adapters.npiRegistry, input),
  });
  defineCall(app, deps, Reports.validateAddress, {
    handler: (input) => validateAddress(adapters.addressService, input),
  });

  // Payers.
  defineCall(app, deps, Insurance.getInsuranceProfileData, {
    handler: (input, { data }) => data.asActor(listInsurances)(input),
  });
  defineCall(app, deps, Insurance.addInsuranceData, {
    handler: (input, { data }) => data.asActor(addInsurance)(input),
  });
  defineCall(app, deps, Insurance.updateInsuranceData, {
    handler: (input, { data }) => data.asActor(updateInsurance)(input),
  });
  defineCall(app, deps, Insurance.updateInsuranceActive, {
    handler: (input, { data }) => data.asActor(setInsuranceActive)(input),
  });
  defineCall(app, deps, Insurance.getExcludeInsuranceTypes, {
    handler: () => Promise.resolve(insuranceTypes()),
  });
  defineCall(app, deps, Insurance.getClearingHouseList, {
    handler: (_input, { data }) => data.reference(clearingHouses)(),
  });
  defineCall(app, deps, Insurance.getSubmitionPayerIDsList, {
    handler: (input, { data }) => data.reference(payerIDs)('claims', input),
  });
  defineCall(app, deps, Insurance.getEligibilityPayerIDsList, {
    handler: (input, { data }) => data.asActor(eligibilityPayerIDs)(input),
  });

  // The pickers of the organisation, for every signed-in user, within their data role.
  defineCall(app, deps, Repository.getGroups, { handler: (_input, { data }) => data.asActor(groupsOfDataRole)() });
  defineCall(app, deps, Repository.getPracticesByMultiGroups, {
    handler: (input, { data }) => data.inScope(practicesOfGroups)(input.groupIDs),
  });
  defineCall(app, deps, Repository.getActiveProviders, {
    handler: (input, { data }) => data.inScope(activeProviders)(input),
  });
}
