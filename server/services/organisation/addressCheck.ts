/**
 * Reports/validateAddress: the offline rules of contract/addressRules.ts always; an address service
 * too when one is configured (ADDRESS_SERVICE_URL). The service's answer is the adapter's shape:
 * GET <url>?address1=&address2=&city=&state=&zip= answering { valid, address?, message? }. A
 * service that cannot be reached never blocks a save: the rules stand, and the answer says so.
 */
import { addressProblems, normalZip, type AddressPurpose } from '../../../contract/addressRules.ts';
import type { ValidateAddressReply } from '../../../contract/providerAdmin.ts';

export const ADDRESS_SERVICE_UNREACHABLE =
  'The address service could not be reached; the address was checked by the rules only.';

export interface AddressService {
  check(
    address: ValidateAddressReply['address'],
  ): Promise<{ valid: boolean; address?: ValidateAddressReply['address']; message?: string } | null>;
}

export function addressService(
  baseUrl: string | null,
  options: { fetch?: typeof fetch; timeoutMs?: number } = {},
): AddressService | null {
  if (baseUrl === null) return null;
  const get = options.fetch ?? fetch;
  return {
    async check(address) {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(address)) if (value) params.set(key, value);
      try {
        const response = await get(`${baseUrl}?${params.toString()}`, {
          signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
          headers: { accept: 'application/json' },
        });
        if (!response.ok) return null;
        const body = (await response.json()) as {
          valid?: unknown;
          address?: Record<string, unknown>;
          message?: unknown;
        };
        if (typeof body.valid !== 'boolean') return null;
        const corrected = body.address;
        return {
          valid: body.valid,
          ...(typeof body.message === 'string' ? { message: body.message } : {}),
          ...(corrected && typeof corrected.address1 === 'string' && typeof corrected.city === 'string'
            ? {
                address: {
                  address1: corrected.address1,
                  address2: typeof corrected.address2 === 'string' ? corrected.address2 : null,
                  city: corrected.city,
                  state: typeof corrected.state === 'string' ? corrected.state : address.state,
                  zip: typeof corrected.zip === 'string' ? corrected.zip : address.zip,
                },
              }
            : {}),
        };
      } catch {
        return null;
      }
    },
  };
}

export async function validateAddress(
  service: AddressService | null,
  input: {
    address1: string;
    address2?: string | undefined;
    city: string;
    state: string;
    zip: string;
    purpose: AddressPurpose;
  },
): Promise<ValidateAddressReply> {
  const address = {
    address1: input.address1.trim(),
    address2: input.address2?.trim() ? input.address2.trim() : null,
    city: input.city.trim(),
    state: input.state.trim().toUpperCase(),
    zip: normalZip(input.zip),
  };
  const problems = addressProblems(address, input.purpose);
  if (problems.length > 0 || service === null)
    return { valid: problems.length === 0, problems, address, checkedBy: 'rules', message: null };
  const answer = await service.check(address);
  if (answer === null)
    return { valid: true, problems, address, checkedBy: 'rules', message: ADDRESS_SERVICE_UNREACHABLE };
  return {
    valid: answer.valid,
    problems: answer.valid ? [] : [answer.message ?? 'The address service does not know this address.'],
    address: answer.address ?? address,
    checkedBy: 'service',
    message: answer.valid ? (answer.message ?? null) : null,
  };
}
