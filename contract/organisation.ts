/**
 * Groups (clients), their branding, practices and facilities as the administration screens read
 * and write them (`Client/*`, `Practice/*`, `Location/*`). Shapes only: what a tax ID, NPI or
 * address must be is checked by the rules in identifierRules.ts and addressRules.ts, so a refusal
 * says what is wrong in the biller's words.
 */
import { z } from 'zod';
import { deferred } from './deferred.ts';
import { numeric } from './scalars.ts';

const id = numeric(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));
const text = (max: number) => z.string().trim().max(max);
const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();
const activeFilter = z.enum(['true', 'false'], { error: 'Use true or false.' }).optional();

/** The spec's messages (SPEC point 8). */
export const ORGANISATION_MESSAGES = {
  groupCreated: 'Group Successfully Created',
  groupSaved: 'Group Successfully Saved',
  brandingSaved: 'Branding Successfully Saved',
  practiceCreated: 'Practice Successfully Created',
  practiceSaved: 'Practice Successfully Saved',
  facilityCreated: 'Facility Successfully Created',
  facilitySaved: 'Facility Successfully Saved',
  providerCreated: 'Provider Successfully Created',
  providerSaved: 'Provider Successfully Update',
  insuranceCreated: 'Insurance Successfully Created',
  insuranceSaved: 'Insurance Successfully Saved',
  /** Saving a provider whose e-mail another provider of the group has; the screen shows PROVIDER_EMAIL_TAKEN_SHOWN. */
  providerEmailTaken: 'User already exist with this email id.',
} as const;
export const PROVIDER_EMAIL_TAKEN_SHOWN = 'User already exist with this "Email ID"';

/** A toggle's answer; the practice toggle says 'User' as the spec has it. */
export function toggleMessage(active: boolean, who: 'practice' | 'other' = 'other'): string {
  const said = active ? 'Successfully Activated' : 'Successfully Inactivated';
  return who === 'practice' ? `User ${said}` : said;
}

export const savedReplySchema = deferred(() => z.object({ message: z.string(), pkid: z.number().int() }));
export type SavedReply = z.infer<typeof savedReplySchema>;

export const toggleRequestSchema = <Key extends 'groupID' | 'practiceID' | 'facilityID' | 'providerID' | 'insuranceID'>(
  key: Key,
) =>
  deferred(() =>
    z.object({ [key]: id, active: z.boolean() } as { [K in Key]: typeof id } & { active: z.ZodBoolean }).strict(),
  );

// --- Groups ---------------------------------------------------------------------------------

export const groupProfileQuerySchema = deferred(() =>
  z.object({ groupID: id.optional(), name: text(100).optional(), active: activeFilter }).strict(),
);

const groupFields = {
  name: text(100).min(1, 'The group name is missing.'),
  taxID: text(20),
  address1: optionalText(100),
  city: optionalText(60),
  state: optionalText(2),
  zip: optionalText(10),
  phone: optionalText(20),
  email: z.string().trim().max(120).email('The e-mail address is not valid.').nullable().optional(),
};
export const addGroupRequestSchema = deferred(() => z.object(groupFields).strict());
export const updateGroupRequestSchema = deferred(() => z.object({ groupID: id, ...groupFields }).strict());
export type GroupRequest = z.infer<typeof addGroupRequestSchema>;

export const brandingSchema = deferred(() =>
  z.object({
    id: z.number().int(),
    subdomain: z.string(),
    title: z.string(),
    primaryColor: z.string(),
    secondaryColor: z.string(),
    logo: z.string().nullable(),
    logoName: z.string().nullable(),
    image1: z.string().nullable(),
    image1Name: z.string().nullable(),
    image2: z.string().nullable(),
    image2Name: z.string().nullable(),
    favicon: z.string().nullable(),
    faviconName: z.string().nullable(),
    active: z.boolean(),
  }),
);
export type Branding = z.infer<typeof brandingSchema>;

export const groupRowSchema = deferred(() =>
  z.object({
    groupID: z.number().int(),
    name: z.string(),
    taxID: z.string().nullable(),
    address1: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    zip: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    active: z.boolean(),
    practices: z.number().int(),
    branding: brandingSchema.nullable(),
  }),
);
export type GroupRow = z.infer<typeof groupRowSchema>;
export const groupProfileReplySchema = deferred(() => z.object({ groups: z.array(groupRowSchema) }));
export type GroupProfileReply = z.infer<typeof groupProfileReplySchema>;

/** The files of a branding: checked for type (by their bytes) and size before anything is kept. */
export const BRANDING_FILE_KINDS = ['logo', 'image1', 'image2', 'favicon'] as const;
export type BrandingFileKind = (typeof BRANDING_FILE_KINDS)[number];
export const BRANDING_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const FAVICON_TYPES = ['image/png', 'image/x-icon'] as const;
export const MAX_BRANDING_IMAGE_BYTES = 1024 * 1024;
export const MAX_FAVICON_BYTES = 100 * 1024;
/** SPEC point 9: photos are re-encoded at this quality before they are uploaded. */
export const DEFAULT_IMAGE_QUALITY = 75;

const brandingFile = () =>
  z
    .object({
      fileName: z.string().trim().min(1).max(200),
      mimeType: z.string().trim().max(100),
      // Sizes are checked on the bytes, with the biller's message; the body limit holds the rest.
      contentBase64: z.string().max(8_000_000),
    })
    .strict();
export type BrandingFileInput = z.infer<ReturnType<typeof brandingFile>>;

/** A file left out keeps the one kept; null removes it. */
export const whiteLabelingRequestSchema = deferred(() =>
  z
    .object({
      groupID: id,
      subdomain: text(63),
      title: text(100).min(1, 'The title is missing.'),
      primaryColor: text(7),
      secondaryColor: text(7),
      active: z.boolean().optional(),
      logo: brandingFile().nullable().optional(),
      image1: brandingFile().nullable().optional(),
      image2: brandingFile().nullable().optional(),
      favicon: brandingFile().nullable().optional(),
    })
    .strict(),
);
export type WhiteLabelingRequest = z.infer<typeof whiteLabelingRequestSchema>;

export const brandingFileQuerySchema = deferred(() => z.object({ fileID: id }).strict());

/** Where the login page reads a kept branding file. */
export const brandingFilePath = (fileID: number) => `/api/Client/getBrandingFile?fileID=${fileID}`;

/** A street address a claim is billed from or at: practices and facilities (a PO box is refused there). */
const streetAddress = {
  address1: text(100),
  address2: optionalText(100),
  city: text(60),
  state: text(2),
  zip: text(10),
};
/** The same address as a list row carries it. */
const streetAddressRow = {
  address1: z.string(),
  address2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
};

// --- Practices --------------------------------------------------------------------------------

export const practiceProfileQuerySchema = deferred(() =>
  z
    .object({ name: text(100).optional(), groupID: id.optional(), active: activeFilter, practiceID: id.optional() })
    .strict(),
);

const practiceFields = {
  groupID: id,
  name: text(100).min(1, 'The practice name is missing.'),
  npi: text(10),
  taxID: text(20),
  taxonomyCode: optionalText(10),
  ...streetAddress,
  phone: optionalText(20),
  payToAddress1: optionalText(100),
  payToAddress2: optionalText(100),
  payToCity: optionalText(60),
  payToState: optionalText(2),
  payToZip: optionalText(10),
};
export const addPracticeRequestSchema = deferred(() => z.object(practiceFields).strict());
export const updatePracticeRequestSchema = deferred(() => z.object({ practiceID: id, ...practiceFields }).strict());
export type PracticeRequest = z.infer<typeof addPracticeRequestSchema>;

export const practiceRowSchema = deferred(() =>
  z.object({
    practiceID: z.number().int(),
    groupID: z.number().int(),
    groupName: z.string(),
    name: z.string(),
    npi: z.string(),
    taxID: z.string(),
    taxonomyCode: z.string().nullable(),
    ...streetAddressRow,
    phone: z.string().nullable(),
    payToAddress1: z.string().nullable(),
    payToAddress2: z.string().nullable(),
    payToCity: z.string().nullable(),
    payToState: z.string().nullable(),
    payToZip: z.string().nullable(),
    active: z.boolean(),
    facilities: z.number().int(),
  }),
);
export type PracticeRow = z.infer<typeof practiceRowSchema>;
export const practiceProfileReplySchema = deferred(() => z.object({ practices: z.array(practiceRowSchema) }));
export type PracticeProfileReply = z.infer<typeof practiceProfileReplySchema>;

// --- Facilities -------------------------------------------------------------------------------

export const facilitiesProfileQuerySchema = deferred(() =>
  z
    .object({
      groupID: id.optional(),
      practiceID: id.optional(),
      facilityID: id.optional(),
      name: text(100).optional(),
      active: activeFilter,
    })
    .strict(),
);

const facilityFields = {
  practiceID: id,
  name: text(100).min(1, 'The facility name is missing.'),
  npi: optionalText(10),
  posCode: text(10),
  billType: optionalText(4),
  ...streetAddress,
  phone: optionalText(20),
};
export const addFacilityRequestSchema = deferred(() => z.object(facilityFields).strict());
export const updateFacilityRequestSchema = deferred(() => z.object({ facilityID: id, ...facilityFields }).strict());
export type FacilityRequest = z.infer<typeof addFacilityRequestSchema>;

export const facilityRowSchema = deferred(() =>
  z.object({
    facilityID: z.number().int(),
    groupID: z.number().int(),
    practiceID: z.number().int(),
    practiceName: z.string(),
    name: z.string(),
    npi: z.string().nullable(),
    posCode: z.string().nullable(),
    posName: z.string().nullable(),
    billType: z.string().nullable(),
    ...streetAddressRow,
    phone: z.string().nullable(),
    active: z.boolean(),
  }),
);
export type FacilityRow = z.infer<typeof facilityRowSchema>;
export const facilitiesProfileReplySchema = deferred(() => z.object({ facilities: z.array(facilityRowSchema) }));
export type FacilitiesProfileReply = z.infer<typeof facilitiesProfileReplySchema>;

/** UB-04 type of bill (facility type and care classification; the claim adds the frequency digit). */
export const BILL_TYPES: readonly { code: string; description: string }[] = [
  { code: '111', description: 'Hospital inpatient (Part A)' },
  { code: '121', description: 'Hospital inpatient (Part B only)' },
  { code: '131', description: 'Hospital outpatient' },
  { code: '141', description: 'Hospital other (Part B)' },
  { code: '181', description: 'Hospital swing bed' },
  { code: '211', description: 'Skilled nursing facility inpatient' },
  { code: '221', description: 'Skilled nursing facility inpatient (Part B)' },
  { code: '231', description: 'Skilled nursing facility outpatient' },
  { code: '321', description: 'Home health (Part B)' },
  { code: '331', description: 'Home health outpatient' },
  { code: '711', description: 'Rural health clinic' },
  { code: '721', description: 'Renal dialysis facility' },
  { code: '731', description: 'Federally qualified health center' },
  { code: '741', description: 'Outpatient rehabilitation facility' },
  { code: '751', description: 'Comprehensive outpatient rehabilitation facility' },
  { code: '761', description: 'Community mental health center' },
  { code: '811', description: 'Hospice (non-hospital based)' },
  { code: '821', description: 'Hospice (hospital based)' },
  { code: '831', description: 'Ambulatory surgery center' },
  { code: '851', description: 'Critical access hospital' },
];
export const billTypesReplySchema = deferred(() =>
  z.object({ billTypes: z.array(z.object({ code: z.string(), description: z.string() })) }),
);

// --- Look-ups of the organisation ---------------------------------------------------------------

export const groupsReplySchema = deferred(() =>
  z.object({ groups: z.array(z.object({ groupID: z.number().int(), name: z.string(), active: z.boolean() })) }),
);
export type GroupsReply = z.infer<typeof groupsReplySchema>;

export const practicesByGroupsQuerySchema = deferred(() =>
  z
    .object({
      // Comma-joined ids, as the aged-balance reports send them (SPEC point 7).
      groupIDs: z
        .string()
        .trim()
        .regex(/^\d{1,15}(,\d{1,15})*$/, 'groupIDs are ids joined by commas, e.g. 1,2.'),
    })
    .strict(),
);
export const practicesByGroupsReplySchema = deferred(() =>
  z.object({
    practices: z.array(
      z.object({ practiceID: z.number().int(), groupID: z.number().int(), name: z.string(), active: z.boolean() }),
    ),
  }),
);
