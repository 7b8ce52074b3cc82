/**
 * The adapter to the public NPI registry (NPPES, https://npiregistry.cms.hhs.gov/api/, version 2.1):
 * it fills a provider's or practice's form from the NPI. The registry is outside our walls, so it
 * may be switched off (NPPES_URL=off) or unreachable; then the answer says so in one line and the
 * user types the details. The NPI's own check digit never needs it (contract/npi.ts).
 */
import type { NpiEntry, ProviderLookupQuery, ProviderLookupReply } from '../../../contract/providerAdmin.ts';

export const NPPES_DEFAULT_URL = 'https://npiregistry.cms.hhs.gov/api/';
export const REGISTRY_OFF = "The NPI registry look-up is switched off here (NPPES_URL); type the provider's details.";
export const REGISTRY_UNREACHABLE = "The NPI registry could not be reached; type the provider's details.";

export interface NpiRegistry {
  search(query: ProviderLookupQuery): Promise<ProviderLookupReply>;
}

/** The registry's JSON, as far as we read it. */
interface NppesResult {
  number?: string | number;
  enumeration_type?: string;
  basic?: Record<string, string | undefined>;
  addresses?: Record<string, string | undefined>[];
  taxonomies?: { code?: string; desc?: string; primary?: boolean }[];
}

function text(value: string | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

function zipOf(postal: string | undefined): string | null {
  const digits = text(postal)?.replace(/\D/g, '') ?? '';
  if (digits.length === 9) return `${digits.slice(0, 5)}-${digits.slice(5)}`;
  return digits.length === 5 ? digits : text(postal);
}

export function entryOf(result: NppesResult): NpiEntry {
  const basic = result.basic ?? {};
  const location =
    result.addresses?.find((address) => address.address_purpose === 'LOCATION') ?? result.addresses?.[0] ?? {};
  const taxonomy = result.taxonomies?.find((item) => item.primary) ?? result.taxonomies?.[0];
  const organization = result.enumeration_type === 'NPI-2';
  return {
    npi: String(result.number ?? ''),
    providerType: organization ? 'organization' : 'individual',
    firstName: organization ? null : text(basic.first_name),
    middleName: organization ? null : text(basic.middle_name),
    lastName: organization ? null : text(basic.last_name),
    organizationName: organization ? text(basic.organization_name) : null,
    credential: text(basic.credential),
    taxonomyCode: text(taxonomy?.code),
    taxonomyDescription: text(taxonomy?.desc),
    address1: text(location.address_1),
    address2: text(location.address_2),
    city: text(location.city),
    state: text(location.state),
    zip: zipOf(location.postal_code),
    phone: text(location.telephone_number),
    active: (basic.status ?? 'A') === 'A',
  };
}

/** The registry's query string for SPEC point 3's look-up parameters. */
export function registryParams(query: ProviderLookupQuery): URLSearchParams {
  const params = new URLSearchParams({ version: '2.1' });
  const organization = query.type === 'organization' || query.type === 'NPI-2';
  // Without an exact match, a name is a prefix: the registry takes a trailing * after two characters.
  const name = (value: string | undefined) =>
    value === undefined || value.trim() === ''
      ? undefined
      : query.exactMatch === 'true' || value.trim().length < 2
        ? value.trim()
        : `${value.trim()}*`;
  const set = (key: string, value: string | number | undefined) => {
    if (value !== undefined && String(value).trim() !== '') params.set(key, String(value).trim());
  };
  set('number', query.npi);
  if (query.type) set('enumeration_type', organization ? 'NPI-2' : 'NPI-1');
  set('taxonomy_description', query.taxonomyDescription);
  if (organization) set('organization_name', name(query.lastName));
  else {
    set('first_name', name(query.firstName));
    set('last_name', name(query.lastName));
  }
  set('state', query.state?.toUpperCase());
  set('postal_code', query.zip?.replace(/\D/g, ''));
  set('limit', query.limit ?? 20);
  return params;
}

export function npiRegistry(
  baseUrl: string | null,
  options: { fetch?: typeof fetch; timeoutMs?: number } = {},
): NpiRegistry {
  const get = options.fetch ?? fetch;
  return {
    async search(query) {
      if (baseUrl === null) return { available: false, message: REGISTRY_OFF, results: [] };
      let body: { results?: NppesResult[]; Errors?: { description?: string }[] };
      try {
        const response = await get(`${baseUrl}?${registryParams(query).toString()}`, {
          signal: AbortSignal.timeout(options.timeoutMs ?? 8000),
          headers: { accept: 'application/json' },
        });
        if (!response.ok) return { available: false, message: REGISTRY_UNREACHABLE, results: [] };
        body = (await response.json()) as typeof body;
      } catch {
        return { available: false, message: REGISTRY_UNREACHABLE, results: [] };
      }
      // The registry refuses a search it finds too wide in its own words ("No valid search criteria").
      const refusal = body.Errors?.map((error) => error.description)
        .filter(Boolean)
        .join(' ');
      if (refusal) return { available: true, message: `The NPI registry says: ${refusal}`, results: [] };
      const results = (body.results ?? []).map(entryOf);
      return { available: true, message: results.length === 0 ? 'The NPI registry has no match.' : null, results };
    },
  };
}
