import { z } from 'zod';
import { numeric } from './scalars.ts';
import { checkFilterRanges, claimFilterSchema, claimFilterShape } from './claims.ts';
import { isCalendarDate } from './claimStatusChange.ts';
import { BULK_CLAIM_IDS_LIMIT } from './notes.ts';
import { deferred } from './deferred.ts';

/**
 * Write-offs: the practice decides to stop collecting part or all of a claim's balance
 * (AddEditClaim/saveWriteOffByID), on one claim or as a bulk run over many
 * (Claims/getMassWriteOffData shows what a run would take first).
 */

/**
 * The reasons a biller picks from; migration 0008 inserts the same rows (write_off_reasons) and
 * every write_off ledger row keeps the id, so reports can tell the reasons apart.
 *
 * CARCs are payers' reasons for adjusting a claim; most of a practice's own write-offs have none.
 * A reason carries a CARC only where one says what happened (CO-29: the filing limit passed; CO-45:
 * a contractual adjustment the ERA did not post; OA-131: a discount agreed for this claim). The
 * others post with group OA ("other adjustment") and no CARC rather than a near miss whose text
 * would tell the ledger reader something false.
 */
export const WRITE_OFF_REASONS = [
  { reasonID: 1, name: 'Small balance', groupCode: 'OA', reasonCode: null },
  { reasonID: 2, name: 'Timely filing limit passed', groupCode: 'CO', reasonCode: '29' },
  { reasonID: 3, name: 'Bad debt (sent to collections)', groupCode: 'OA', reasonCode: null },
  { reasonID: 4, name: 'Administrative', groupCode: 'OA', reasonCode: null },
  { reasonID: 5, name: 'Charity care or hardship', groupCode: 'OA', reasonCode: '131' },
  { reasonID: 6, name: 'Contractual adjustment not posted', groupCode: 'CO', reasonCode: '45' },
] as const satisfies readonly { reasonID: number; name: string; groupCode: 'CO' | 'OA'; reasonCode: string | null }[];
export type WriteOffReason = (typeof WRITE_OFF_REASONS)[number];

export function writeOffReason(reasonID: number): WriteOffReason | undefined {
  return WRITE_OFF_REASONS.find((reason) => reason.reasonID === reasonID);
}

/** "CO-29", or "OA" alone for a reason without a CARC. */
export function reasonCodeText(reason: WriteOffReason): string {
  return reason.reasonCode === null ? reason.groupCode : `${reason.groupCode}-${reason.reasonCode}`;
}

export const WRITE_OFF_NOTE_LIMIT = 500;
/** Most claims one "all N matching" run takes; the search is narrowed beyond it. */
export const MASS_WRITE_OFF_LIMIT = 100_000;
/** Claim ids one getMassWriteOffData call takes in its query string; larger selections ask in parts. */
export const PREVIEW_IDS_LIMIT = 500;
/** Claims the preview lists by name. */
export const PREVIEW_SAMPLE_SIZE = 10;

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/**
 * Integer cents: one write-off is at most $9,999,999.99, like any amount typed in the palette.
 * The whole-number rule is a refinement rather than .int(), whose failure the error handler
 * cannot tell from a missing field.
 */
const positiveCents = (what: string) =>
  z
    .number()
    .min(1, `${what} must be more than $0.00.`)
    .max(999_999_999, `${what} must be at most $9,999,999.99.`)
    .refine(Number.isInteger, `${what} is a whole number of cents.`);

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'The posting date is YYYY-MM-DD.')
  .refine(isCalendarDate, 'The posting date is not a real day.');

const reasonID = z
  .number()
  .int()
  .refine((value) => writeOffReason(value) !== undefined, 'Choose a write-off reason from the list.');

/**
 * One body for both uses of the call: `claimID` writes off part or all of one claim at once;
 * `claimIDS` or `query` ("all N matching", run again on the server under the data role) starts a
 * bulk run that writes off each claim's whole balance, or only balances up to `maxBalanceCents`.
 * Without `postingDate` the server posts with its own today.
 */
export const saveWriteOffRequestSchema = deferred(() =>
  z
    .object({
      claimID: id.optional(),
      claimIDS: z
        .array(id)
        .min(1, 'Select at least one claim.')
        .max(
          BULK_CLAIM_IDS_LIMIT,
          `At most ${BULK_CLAIM_IDS_LIMIT.toLocaleString('en-US')} claims by id; use "all matching" for more.`,
        )
        .optional(),
      query: claimFilterSchema.optional(),
      amountCents: positiveCents('The write-off amount').optional(),
      maxBalanceCents: positiveCents('The balance limit').optional(),
      reasonID,
      postingDate: isoDay.optional(),
      note: z
        .string()
        .trim()
        .max(WRITE_OFF_NOTE_LIMIT, `The note takes at most ${WRITE_OFF_NOTE_LIMIT} characters.`)
        .optional(),
    })
    .strict()
    .refine((body) => [body.claimID, body.claimIDS, body.query].filter((target) => target !== undefined).length === 1, {
      message: 'Send one of claimID, claimIDS or query.',
    })
    .refine((body) => body.claimID !== undefined || body.amountCents === undefined, {
      message:
        'An amount is for one claim; a bulk write-off takes each claim’s balance (limit it with maxBalanceCents).',
      path: ['amountCents'],
    })
    .refine((body) => body.claimID === undefined || body.maxBalanceCents === undefined, {
      message: 'maxBalanceCents is for bulk write-offs; give amountCents for one claim.',
      path: ['maxBalanceCents'],
    })
    .transform((body) => {
      const common = {
        reasonID: body.reasonID,
        postingDate: body.postingDate,
        note: body.note === '' ? undefined : body.note,
      };
      if (body.claimID !== undefined)
        return { kind: 'single' as const, ...common, claimID: body.claimID, amountCents: body.amountCents };
      return {
        kind: 'mass' as const,
        ...common,
        claimIDS: body.claimIDS,
        query: body.query,
        maxBalanceCents: body.maxBalanceCents,
      };
    }),
);
export type SaveWriteOffRequest = z.input<typeof saveWriteOffRequestSchema>;
export type SaveWriteOffInput = z.output<typeof saveWriteOffRequestSchema>;
export type SingleWriteOffInput = Extract<SaveWriteOffInput, { kind: 'single' }>;
export type MassWriteOffInput = Extract<SaveWriteOffInput, { kind: 'mass' }>;

export const writeOffReplySchema = deferred(() =>
  z.object({
    message: z.string(),
    /** One write_off ledger row per charge line it took from, in line order. */
    ledgerIDs: z.array(z.number().int()),
    /** Cents left on the claim. */
    claimBalance: z.number().int(),
  }),
);
export type WriteOffReply = z.infer<typeof writeOffReplySchema>;

export const massWriteOffReplySchema = deferred(() => z.object({ message: z.string(), jobID: z.number().int() }));
/** saveWriteOffByID answers a single write-off with its figures, a bulk one with the job that runs it. */
export const saveWriteOffReplySchema = deferred(() => z.union([writeOffReplySchema, massWriteOffReplySchema]));
export type MassWriteOffReply = z.infer<typeof massWriteOffReplySchema>;

const claimIdList = z
  .string()
  .regex(/^\d{1,16}(,\d{1,16})*$/, 'claimIDS is a comma-separated list of claim ids.')
  .transform((text) => [...new Set(text.split(',').map(Number))])
  .refine((ids) => ids.length <= PREVIEW_IDS_LIMIT, `At most ${PREVIEW_IDS_LIMIT} claim ids per preview.`)
  .refine((ids) => ids.every((value) => Number.isSafeInteger(value) && value > 0), 'A claim id is out of range.');

/**
 * Claims/getMassWriteOffData: what a bulk write-off would take: the claims (listed ids, or the
 * list's filters) whose balance is above $0.00 and at most `maxBalanceCents`, not void.
 */
export const massWriteOffQuerySchema = deferred(() =>
  z
    .object({
      claimIDS: claimIdList.optional(),
      maxBalanceCents: numeric(z.number()).pipe(positiveCents('The balance limit')).optional(),
      ...claimFilterShape,
    })
    .strict()
    .refine(
      (query) =>
        query.claimIDS === undefined ||
        Object.keys(claimFilterShape).every((key) => query[key as keyof typeof claimFilterShape] === undefined),
      { message: 'Send either claimIDS or the search filters, not both.' },
    )
    .superRefine(checkFilterRanges),
);
export type MassWriteOffQuery = z.input<typeof massWriteOffQuerySchema>;
export type MassWriteOffQueryInput = z.output<typeof massWriteOffQuerySchema>;

export const massWriteOffRowSchema = deferred(() =>
  z.object({
    claimID: z.number().int(),
    patientName: z.string(),
    dosFrom: z.string(),
    claimStatus: z.string(),
    balance: z.number().int(),
  }),
);
export type MassWriteOffRow = z.infer<typeof massWriteOffRowSchema>;

export const massWriteOffDataReplySchema = deferred(() =>
  z.object({
    count: z.number().int(),
    totalCents: z.number().int(),
    /** The first claims by id, at most PREVIEW_SAMPLE_SIZE. */
    rows: z.array(massWriteOffRowSchema),
  }),
);
export type MassWriteOffDataReply = z.infer<typeof massWriteOffDataReplySchema>;

/** The claim DNA event of a write-off ('written off'). */
export interface WrittenOffDetail {
  amountCents: number;
  reasonID: number;
  reason: string;
  groupCode: string;
  reasonCode: string | null;
  postingDate: string;
  ledgerIDs: number[];
  balanceAfterCents: number;
  note?: string;
  claimStatus?: { from: number; to: number };
  jobID?: number;
}
