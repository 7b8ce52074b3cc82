/** The organisation's administration calls: groups and branding, practices, facilities, providers, payers. */
import type { CallInput as DefinedInput } from '../../contract/call.ts';
import { Client } from '../../contract/calls/client.ts';
import { Insurance } from '../../contract/calls/insurance.ts';
import { Location } from '../../contract/calls/location.ts';
import { Practice } from '../../contract/calls/practice.ts';
import { Provider } from '../../contract/calls/provider.ts';
import { Reports } from '../../contract/calls/reports.ts';
import { Repository } from '../../contract/calls/repository.ts';
import { callApi, type CallOptions } from './client.ts';

type In<Call extends Parameters<typeof callApi>[0]> = DefinedInput<Call>;

export const getGroupProfiles = (query: In<typeof Client.getGroupProfileData>, options?: CallOptions) =>
  callApi(Client.getGroupProfileData, query, options).then((reply) => reply.groups);
export const addGroup = (body: In<typeof Client.addGroupData>, options?: CallOptions) =>
  callApi(Client.addGroupData, body, options);
export const updateGroup = (body: In<typeof Client.updateGroupData>, options?: CallOptions) =>
  callApi(Client.updateGroupData, body, options);
export const setGroupActive = (groupID: number, active: boolean, options?: CallOptions) =>
  callApi(Client.updateGroupActive, { groupID, active }, options);
export const saveBranding = (body: In<typeof Client.addUpdateGroupWhiteLabeling>, options?: CallOptions) =>
  callApi(Client.addUpdateGroupWhiteLabeling, body, options);

export const getPracticeProfiles = (query: In<typeof Practice.getPracticeProfileData>, options?: CallOptions) =>
  callApi(Practice.getPracticeProfileData, query, options).then((reply) => reply.practices);
export const addPractice = (body: In<typeof Practice.addpracticeData>, options?: CallOptions) =>
  callApi(Practice.addpracticeData, body, options);
export const updatePractice = (body: In<typeof Practice.updatePracticeData>, options?: CallOptions) =>
  callApi(Practice.updatePracticeData, body, options);
export const setPracticeActive = (practiceID: number, active: boolean, options?: CallOptions) =>
  callApi(Practice.updatePracticeActive, { practiceID, active }, options);

export const getFacilityProfiles = (query: In<typeof Location.getfacilitiesProfileData>, options?: CallOptions) =>
  callApi(Location.getfacilitiesProfileData, query, options).then((reply) => reply.facilities);
export const getBillTypes = (options?: CallOptions) =>
  callApi(Location.getBillType, {}, options).then((reply) => reply.billTypes);
export const addFacility = (body: In<typeof Location.addFacility>, options?: CallOptions) =>
  callApi(Location.addFacility, body, options);
export const updateFacility = (body: In<typeof Location.updateFacility>, options?: CallOptions) =>
  callApi(Location.updateFacility, body, options);
export const setFacilityActive = (facilityID: number, active: boolean, options?: CallOptions) =>
  callApi(Location.updateFacilityActive, { facilityID, active }, options);

export const getProviderProfiles = (query: In<typeof Provider.getProviderProfileData>, options?: CallOptions) =>
  callApi(Provider.getProviderProfileData, query, options).then((reply) => reply.providers);
export const getProvider = (providerID: number, options?: CallOptions) =>
  callApi(Provider.getProviderInfoByID, { providerID }, options).then((reply) => reply.provider);
export const addProvider = (body: In<typeof Provider.addProviderData>, options?: CallOptions) =>
  callApi(Provider.addProviderData, body, options);
export const updateProvider = (body: In<typeof Provider.updateProviderData>, options?: CallOptions) =>
  callApi(Provider.updateProviderData, body, options);
export const setProviderActive = (providerID: number, active: boolean, options?: CallOptions) =>
  callApi(Provider.updateProviderActive, { providerID, active }, options);
export const lookUpNpi = (npi: string, options?: CallOptions) => callApi(Reports.getInfoByNPI, { npi }, options);

export const getInsuranceProfiles = (query: In<typeof Insurance.getInsuranceProfileData>, options?: CallOptions) =>
  callApi(Insurance.getInsuranceProfileData, query, options).then((reply) => reply.insurances);
export const addInsurance = (body: In<typeof Insurance.addInsuranceData>, options?: CallOptions) =>
  callApi(Insurance.addInsuranceData, body, options);
export const updateInsurance = (body: In<typeof Insurance.updateInsuranceData>, options?: CallOptions) =>
  callApi(Insurance.updateInsuranceData, body, options);
export const setInsuranceActive = (insuranceID: number, active: boolean, options?: CallOptions) =>
  callApi(Insurance.updateInsuranceActive, { insuranceID, active }, options);
export const getInsuranceTypes = (options?: CallOptions) =>
  callApi(Insurance.getExcludeInsuranceTypes, {}, options).then((reply) => reply.insuranceTypes);
export const getClearingHouses = (options?: CallOptions) =>
  callApi(Insurance.getClearingHouseList, {}, options).then((reply) => reply.clearingHouses);

export const getGroupChoices = (options?: CallOptions) =>
  callApi(Repository.getGroups, {}, options).then((reply) => reply.groups);
