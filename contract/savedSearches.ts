import { z } from 'zod';
import { numeric } from './scalars.ts';
import { CLAIM_SORT_COLUMNS, claimFilterSchema } from './claims.ts';
import { deferred } from './deferred.ts';
import { REPORT_PARAM_TEXT } from './moneyReports.ts';

/**
 * Saved searches (SavedReports/*): a user's named filter and sort for a screen, kept on the
 * server per user. The claims list keeps its filter and sort; a report screen (the aging report,
 * a money report) keeps its parameters as typed, by key. Either is checked by its screen's rules
 * when saved and again when read back, so a search saved under older rules never reaches the
 * screen unchecked.
 */
export const CLAIMS_LIST_MODULE_URL = '/app/all-claims';

const AGING_REPORT_KEYS = [
  'agingType',
  'groupIDs',
  'practiceIDs',
  'facilityID',
  'providerID',
  'insuranceID',
  'patientID',
  'patientLastName',
  'patientFirstName',
  'fromDate',
  'toDate',
  'postingFrom',
  'postingTo',
  'fromBalance',
  'toBalance',
] as const;
const MONEY_REPORT_KEYS = Object.keys(REPORT_PARAM_TEXT);
const MONEY_REPORT_SLUGS = [
  'charge-detail',
  'procedure-transaction-history',
  'plan-procedure-history',
  'claim-activity-by-provider',
  'charges-and-payments-summary',
  'payments',
  'era-data',
  'patient-advance-payments',
  'insurance-profile-by-provider',
  'claim-batch-submit',
  'patient-accounting-detail',
  'ledger-account',
] as const;

/**
 * The report screens whose parameters may be saved, with the parameter keys each takes (the
 * paths of src/routing/paths.ts; a test holds the two lists together).
 */
export const SAVED_REPORT_SCREENS: Readonly<Record<string, readonly string[]>> = {
  '/app/aging-report': AGING_REPORT_KEYS,
  ...Object.fromEntries(MONEY_REPORT_SLUGS.map((slug) => [`/app/reports/${slug}`, MONEY_REPORT_KEYS])),
};
const MAX_REPORT_PARAM_LENGTH = 200;

/** A report screen's parameters as typed, by key; which keys depends on the screen. */
export const savedReportParamsSchema = deferred(() =>
  z.record(
    z.string().max(40),
    z.string().max(MAX_REPORT_PARAM_LENGTH, `At most ${MAX_REPORT_PARAM_LENGTH} characters.`),
  ),
);
export type SavedReportParams = z.output<typeof savedReportParamsSchema>;

/** Why these parameters cannot be kept for this screen, or null when they can. */
export function reportParamsProblem(moduleUrl: string, params: SavedReportParams): string | null {
  const keys = SAVED_REPORT_SCREENS[moduleUrl];
  if (!keys) return `Saved searches are kept for the claims list and the report screens only.`;
  const unknown = Object.keys(params).filter((key) => !keys.includes(key));
  if (unknown.length > 0) return `This report has no parameter ${unknown.join(', ')}.`;
  return null;
}

const id = numeric(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));
const MAX_LABELS = 30;

export const savedClaimSearchSchema = deferred(() =>
  z
    .object({
      filter: claimFilterSchema,
      sort: z.object({ column: z.enum(CLAIM_SORT_COLUMNS), order: z.enum(['asc', 'desc']) }).strict(),
      /** Names shown on the filter chips for the ids in the filter ("Payer: Aetna"); display only. */
      labels: z
        .record(z.string().max(40), z.string().max(200))
        .refine((labels) => Object.keys(labels).length <= MAX_LABELS, `At most ${MAX_LABELS} labels.`)
        .optional(),
    })
    .strict(),
);
export type SavedClaimSearch = z.output<typeof savedClaimSearchSchema>;

export const savedReportNameSchema = z
  .string()
  .trim()
  .min(1, 'Name the saved search.')
  .max(100, 'At most 100 characters.');

interface ParamsIssue {
  path: PropertyKey[];
  message: string;
}

/** The parameters kept for a screen, checked by that screen's rules: the claims list's or a report's. */
export function checkSavedParams(
  moduleUrl: string,
  params: unknown,
): { params: SavedClaimSearch | SavedReportParams } | { issues: ParamsIssue[]; problem: string } {
  const failed = (issues: ParamsIssue[]) => {
    const first = issues[0];
    const where = first && first.path.length > 0 ? `${first.path.map(String).join('.')}: ` : '';
    return { issues, problem: `${where}${first?.message ?? 'unreadable'}` };
  };
  if (moduleUrl === CLAIMS_LIST_MODULE_URL) {
    const parsed = savedClaimSearchSchema.safeParse(params);
    return parsed.success ? { params: parsed.data } : failed(parsed.error.issues);
  }
  const parsed = savedReportParamsSchema.safeParse(params);
  if (!parsed.success) return failed(parsed.error.issues);
  const problem = reportParamsProblem(moduleUrl, parsed.data);
  return problem === null ? { params: parsed.data } : failed([{ path: [], message: problem }]);
}

const moduleUrl = z
  .string()
  .max(200)
  .refine(
    (url) => url === CLAIMS_LIST_MODULE_URL || SAVED_REPORT_SCREENS[url] !== undefined,
    `Saved searches are kept for ${CLAIMS_LIST_MODULE_URL} and the report screens only.`,
  );

export const getSavedReportsQuerySchema = deferred(() => z.object({ moduleUrl }).strict());
export type GetSavedReportsQuery = z.input<typeof getSavedReportsQuerySchema>;

export const addSavedReportRequestSchema = deferred(() =>
  z
    .object({ moduleUrl, name: savedReportNameSchema, params: z.unknown() })
    .strict()
    .transform((body, ctx) => {
      const checked = checkSavedParams(body.moduleUrl, body.params);
      if ('params' in checked) return { ...body, params: checked.params };
      for (const issue of checked.issues) ctx.addIssue({ code: 'custom', ...issue, path: ['params', ...issue.path] });
      return z.NEVER;
    }),
);
export type AddSavedReportRequest = z.input<typeof addSavedReportRequestSchema>;

export const editSavedReportRequestSchema = deferred(() =>
  z
    .object({
      id,
      name: savedReportNameSchema.optional(),
      // Which screen's rules apply is known from the stored search: the service checks them.
      params: z.unknown().optional(),
    })
    .strict()
    .refine(
      (body) => body.name !== undefined || body.params !== undefined,
      'Send a new name, new parameters, or both.',
    ),
);
export type EditSavedReportRequest = z.input<typeof editSavedReportRequestSchema>;

export const deleteSavedReportQuerySchema = deferred(() => z.object({ id }).strict());
export type DeleteSavedReportQuery = z.input<typeof deleteSavedReportQuerySchema>;

export const SAVED_SEARCH_NAME_TAKEN = 'A saved search with this name exists.';

export const savedReportSchema = deferred(() =>
  z.object({
    id: z.number().int(),
    moduleUrl: z.string(),
    name: z.string(),
    /** Null when the stored parameters no longer pass the screen's rules: `problem` says why. */
    params: z.union([savedClaimSearchSchema, savedReportParamsSchema]).nullable(),
    problem: z.string().nullable(),
    createdAt: z.string(),
  }),
);
export type SavedReport = z.infer<typeof savedReportSchema>;

/** Newest first. */
export const savedReportsReplySchema = deferred(() => z.object({ reports: z.array(savedReportSchema) }));
export type SavedReportsReply = z.infer<typeof savedReportsReplySchema>;
