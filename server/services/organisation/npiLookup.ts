import { npiMessage } from '../../../contract/identifierRules.ts';
import type { InfoByNpiReply } from '../../../contract/providerAdmin.ts';
import { BadRequestError } from '../../errors.ts';
import type { NpiRegistry } from './npiRegistry.ts';

/**
 * Reports/getInfoByNPI: one NPI's registry entry. A mistyped NPI is refused before the registry is
 * asked (its check digit says so offline); the type, when given, must match the NPI's first digit.
 */
export async function lookUpNpi(
  registry: NpiRegistry,
  input: { npi: string; type?: 'individual' | 'organization' | 'NPI-1' | 'NPI-2' | undefined },
): Promise<InfoByNpiReply> {
  const type =
    input.type === undefined
      ? undefined
      : input.type === 'organization' || input.type === 'NPI-2'
        ? 'organization'
        : 'individual';
  const problem = npiMessage(input.npi, 'NPI', type);
  if (problem) throw new BadRequestError(problem);
  const answer = await registry.search({ npi: input.npi.trim(), limit: 1 });
  const entry = answer.results.find((result) => result.npi === input.npi.trim()) ?? null;
  return {
    available: answer.available,
    message:
      answer.available && entry === null ? `NPI ${input.npi.trim()} is not in the NPI registry.` : answer.message,
    entry,
  };
}
