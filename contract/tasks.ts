import { z } from 'zod';
import { YEAR_OUT_OF_RANGE, isRealDay, isYearInRange, numeric } from './scalars.ts';
import { claimFilterSchema } from './claims.ts';
import { BULK_CLAIM_IDS_LIMIT } from './notes.ts';
import { deferred } from './deferred.ts';

/**
 * Claim tasks: work a biller owes on a claim (call the payer, appeal, resubmit), given to one
 * user with a due date. Claims/getTasksData, getTaskByID, saveClaimTasks, saveBulkClaimTasks
 * (a bulk run), resolveClaimTask, deleteClaimTask; Repository/getTaskTypes.
 */
export const TASK_TEXT_LIMIT = 2000;

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const queryId = numeric(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));

/** A calendar day as YYYY-MM-DD; 2026-02-30 is refused rather than rolled into March. */
export const isoDay = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the date as YYYY-MM-DD, e.g. 2026-03-18.')
  .refine(isRealDay, 'That date does not exist.')
  .refine(isYearInRange, YEAR_OUT_OF_RANGE);

export const TASK_STATUSES = ['open', 'resolved'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const taskTypeSchema = deferred(() => z.object({ taskTypeID: z.number().int(), name: z.string() }));
export type TaskType = z.infer<typeof taskTypeSchema>;
export const taskTypesReplySchema = deferred(() => z.array(taskTypeSchema));

export const claimTaskSchema = deferred(() =>
  z.object({
    taskID: z.number().int(),
    claimID: z.number().int().nullable(),
    taskTypeID: z.number().int(),
    taskType: z.string(),
    assignedUserID: z.number().int().nullable(),
    /** "First Last" of the assignee. */
    assignedTo: z.string().nullable(),
    text: z.string(),
    /** YYYY-MM-DD. */
    dueDate: z.string().nullable(),
    status: z.enum(TASK_STATUSES),
    /** ISO instants in UTC, to the second. */
    resolvedAt: z.string().nullable(),
    createdBy: z.string().nullable(),
    createdAt: z.string(),
  }),
);
export type ClaimTask = z.infer<typeof claimTaskSchema>;

export const tasksQuerySchema = deferred(() => z.object({ claimID: queryId }).strict());
export type TasksQuery = z.input<typeof tasksQuerySchema>;

/** Open and resolved tasks of the claim, newest first; deleted ones are gone. */
export const tasksReplySchema = deferred(() =>
  z.object({ claimID: z.number().int(), tasks: z.array(claimTaskSchema) }),
);
export type TasksReply = z.infer<typeof tasksReplySchema>;

export const taskIdQuerySchema = deferred(() => z.object({ taskID: queryId }).strict());
export type TaskIdQuery = z.input<typeof taskIdQuerySchema>;

const taskFields = {
  taskTypeID: id,
  assignedUserID: id,
  dueDate: isoDay,
  text: z
    .string()
    .trim()
    .min(1, 'Type what is to be done.')
    .max(TASK_TEXT_LIMIT, `A task takes at most ${TASK_TEXT_LIMIT} characters.`),
};

/** Claims/saveClaimTasks: one task on one claim. */
export const saveTaskRequestSchema = deferred(() => z.object({ claimID: id, ...taskFields }).strict());
export type SaveTaskRequest = z.input<typeof saveTaskRequestSchema>;
export type SaveTaskInput = z.output<typeof saveTaskRequestSchema>;

/**
 * Claims/saveBulkClaimTasks: the same task on many claims, as a bulk run over the claims listed
 * or every claim the search finds (run again under the data role when the job runs).
 */
export const bulkTasksRequestSchema = deferred(() =>
  z
    .object({
      claimIDs: z.array(id).min(1, 'Select at least one claim.').max(BULK_CLAIM_IDS_LIMIT).optional(),
      query: claimFilterSchema.optional(),
      ...taskFields,
    })
    .strict()
    .refine((body) => (body.claimIDs === undefined) !== (body.query === undefined), {
      message: 'Send either claimIDs or query, not both.',
    }),
);
export type BulkTasksRequest = z.input<typeof bulkTasksRequestSchema>;
export type BulkTasksInput = z.output<typeof bulkTasksRequestSchema>;

/** Claims/resolveClaimTask and deleteClaimTask. */
export const taskIdRequestSchema = deferred(() => z.object({ taskID: id }).strict());
export type TaskIdRequest = z.input<typeof taskIdRequestSchema>;

export const taskChangedReplySchema = deferred(() =>
  z.object({ message: z.string(), taskID: z.number().int(), claimID: z.number().int().nullable() }),
);
export type TaskChangedReply = z.infer<typeof taskChangedReplySchema>;
