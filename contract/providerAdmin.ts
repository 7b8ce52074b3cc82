/**
 * Providers as the administration screens read and write them (`Provider/*`), the active providers
 * a claim may pick (`Repository/getActiveProviders`), and the NPI registry look-ups that fill a
 * provider's form (`Reports/getInfoByNPI`, `Reports/getProviderInforFromNPPES`).
 */
import { z } from 'zod';
import { deferred } from './deferred.ts';
import { numeric } from './scalars.ts';

const id = numeric(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));
const text = (max: number) => z.string().trim().max(max);
const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

export const PROVIDER_TYPES = ['individual', 'organization'] as const;
export type ProviderType = (typeof PROVIDER_TYPES)[number];

export const providerProfileQuerySchema = deferred(() =>
  z
    .object({
      groupID: id.optional(),
      practiceID: id.optional(),
      providerID: id.optional(),
      name: text(100).optional(),
      npi: text(10).optional(),
      active: z.enum(['true', 'false'], { error: 'Use true or false.' }).optional(),
    })
    .strict(),
);

const providerFields = {
  groupID: id,
  practiceID: id.nullable().optional(),
  providerType: z.enum(PROVIDER_TYPES, { error: 'The provider type is individual or organization.' }),
  firstName: optionalText(60),
  middleName: optionalText(60),
  /** An organisation's name for an organisation provider. */
  lastName: text(100).min(1, 'The last name (or the organization name) is missing.'),
  credential: optionalText(20),
  npi: text(10),
  taxonomyCode: optionalText(10),
  email: z.string().trim().max(120).email('The e-mail address is not valid.').nullable().optional(),
  isRendering: z.boolean().default(true),
  isReferring: z.boolean().default(false),
  isSupervising: z.boolean().default(false),
};
export const addProviderRequestSchema = deferred(() => z.object(providerFields).strict());
export const updateProviderRequestSchema = deferred(() => z.object({ providerID: id, ...providerFields }).strict());
export type ProviderRequest = z.infer<typeof addProviderRequestSchema>;

export const providerRowSchema = deferred(() =>
  z.object({
    providerID: z.number().int(),
    groupID: z.number().int(),
    groupName: z.string(),
    practiceID: z.number().int().nullable(),
    practiceName: z.string().nullable(),
    providerType: z.enum(PROVIDER_TYPES),
    firstName: z.string().nullable(),
    middleName: z.string().nullable(),
    lastName: z.string(),
    credential: z.string().nullable(),
    name: z.string(),
    npi: z.string(),
    taxonomyCode: z.string().nullable(),
    email: z.string().nullable(),
    isRendering: z.boolean(),
    isReferring: z.boolean(),
    isSupervising: z.boolean(),
    active: z.boolean(),
  }),
);
export type ProviderRow = z.infer<typeof providerRowSchema>;
export const providerProfileReplySchema = deferred(() => z.object({ providers: z.array(providerRowSchema) }));
export type ProviderProfileReply = z.infer<typeof providerProfileReplySchema>;
export const providerByIDQuerySchema = deferred(() => z.object({ providerID: id }).strict());
export const providerInfoReplySchema = deferred(() => z.object({ provider: providerRowSchema }));

export const activeProvidersQuerySchema = deferred(() =>
  z.object({ groupID: id.optional(), practiceID: id.optional() }).strict(),
);
export const activeProvidersReplySchema = deferred(() =>
  z.object({
    providers: z.array(
      z.object({
        providerID: z.number().int(),
        groupID: z.number().int(),
        practiceID: z.number().int().nullable(),
        name: z.string(),
        npi: z.string(),
        isRendering: z.boolean(),
        isReferring: z.boolean(),
        isSupervising: z.boolean(),
      }),
    ),
  }),
);

// --- The NPI registry -------------------------------------------------------------------------

/** SPEC point 3's provider look-up parameters. */
export const providerLookupQuerySchema = deferred(() =>
  z
    .object({
      firstName: text(60).optional(),
      lastName: text(100).optional(),
      taxonomyDescription: text(100).optional(),
      npi: text(10).optional(),
      type: z.enum(['individual', 'organization', 'NPI-1', 'NPI-2']).optional(),
      exactMatch: z.enum(['true', 'false']).optional(),
      state: text(2).optional(),
      zip: text(10).optional(),
      limit: numeric(z.number().int().min(1).max(200)).optional(),
    })
    .strict(),
);
export type ProviderLookupQuery = z.infer<typeof providerLookupQuerySchema>;

export const npiEntrySchema = deferred(() =>
  z.object({
    npi: z.string(),
    providerType: z.enum(PROVIDER_TYPES),
    firstName: z.string().nullable(),
    middleName: z.string().nullable(),
    lastName: z.string().nullable(),
    organizationName: z.string().nullable(),
    credential: z.string().nullable(),
    taxonomyCode: z.string().nullable(),
    taxonomyDescription: z.string().nullable(),
    address1: z.string().nullable(),
    address2: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    zip: z.string().nullable(),
    phone: z.string().nullable(),
    active: z.boolean(),
  }),
);
export type NpiEntry = z.infer<typeof npiEntrySchema>;

/** `available` false: the registry could not be reached (or is switched off); `message` says so in one line. */
export const providerLookupReplySchema = deferred(() =>
  z.object({ available: z.boolean(), message: z.string().nullable(), results: z.array(npiEntrySchema) }),
);
export type ProviderLookupReply = z.infer<typeof providerLookupReplySchema>;

export const infoByNpiQuerySchema = deferred(() =>
  z.object({ npi: text(10), type: z.enum(['individual', 'organization', 'NPI-1', 'NPI-2']).optional() }).strict(),
);
export const infoByNpiReplySchema = deferred(() =>
  z.object({ available: z.boolean(), message: z.string().nullable(), entry: npiEntrySchema.nullable() }),
);
export type InfoByNpiReply = z.infer<typeof infoByNpiReplySchema>;

// --- Address check ----------------------------------------------------------------------------

export const validateAddressQuerySchema = deferred(() =>
  z
    .object({
      address1: text(100),
      address2: text(100).optional(),
      city: text(60),
      state: text(2),
      zip: text(10),
      purpose: z.enum(['billing', 'service', 'payTo', 'mailing']).default('mailing'),
    })
    .strict(),
);
export const validateAddressReplySchema = deferred(() =>
  z.object({
    valid: z.boolean(),
    problems: z.array(z.string()),
    address: z.object({
      address1: z.string(),
      address2: z.string().nullable(),
      city: z.string(),
      state: z.string(),
      zip: z.string(),
    }),
    /** 'rules' when only the offline rules looked at it; 'service' when the address service confirmed it too. */
    checkedBy: z.enum(['rules', 'service']),
    message: z.string().nullable(),
  }),
);
export type ValidateAddressReply = z.infer<typeof validateAddressReplySchema>;
