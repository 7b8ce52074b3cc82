import { z } from 'zod';
import { deferred } from './deferred.ts';
import { numeric } from './scalars.ts';

/**
 * Data roles (Repository/GetDataRoles ... updateDataRoleActive): the groups, and within them the
 * practices, a user may see. A group picked without practices grants all of its practices.
 */
const id = numeric(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));

export const DATA_ROLE_CREATED = 'Data Role Successfully Created';
export const DATA_ROLE_SAVED = 'Data Role Successfully Saved';
export const DATA_ROLE_NAME_EXISTS = 'Data Role Name Already Exists';

export const dataRoleRowSchema = deferred(() =>
  z.object({
    dataRoleID: z.number().int(),
    name: z.string(),
    active: z.boolean(),
    groups: z.array(z.object({ groupID: z.number().int(), name: z.string() })),
    /** The practices picked; empty when every practice of its groups is granted. */
    practiceIDs: z.array(z.number().int()),
    users: z.number().int(),
  }),
);
export type DataRoleRow = z.infer<typeof dataRoleRowSchema>;
export const dataRolesReplySchema = deferred(() => z.array(dataRoleRowSchema));

/** Groups an administrator may put in a data role, with `select` set for those `dataRoleID` holds. */
export const dataRoleGroupsQuerySchema = deferred(() => z.object({ dataRoleID: id.optional() }).strict());
export const dataRoleGroupsReplySchema = deferred(() =>
  z.array(z.object({ groupID: z.number().int(), name: z.string(), select: z.boolean() })),
);

/** Practices of the groups asked for (comma-joined ids), with `select` and `show` for `dataRoleID`. */
export const dataRolePracticesQuerySchema = deferred(() =>
  z
    .object({
      dataRoleID: id.optional(),
      groupIDs: z
        .string()
        .trim()
        .regex(/^\d{1,15}(,\d{1,15}){0,199}$/, 'groupIDs: comma-joined group ids.')
        .optional(),
    })
    .strict(),
);
export const dataRolePracticesReplySchema = deferred(() =>
  z.array(
    z.object({
      practiceID: z.number().int(),
      groupID: z.number().int(),
      name: z.string(),
      select: z.boolean(),
      show: z.boolean(),
    }),
  ),
);

const dataRoleFields = {
  name: z.string().trim().min(1, 'Give the data role a name.').max(80, 'A data role name is at most 80 characters.'),
  groupIDs: z.array(id).min(1, 'Pick at least one group.').max(200),
  /** Practices to limit their groups to; a group with none of them picked grants all its practices. */
  practiceIDs: z.array(id).max(2000).default([]),
};
export const saveDataRoleRequestSchema = deferred(() => z.object(dataRoleFields).strict());
export type SaveDataRoleRequest = z.infer<typeof saveDataRoleRequestSchema>;
export const updateDataRoleRequestSchema = deferred(() => z.object({ dataRoleID: id, ...dataRoleFields }).strict());
export const updateDataRoleActiveRequestSchema = deferred(() =>
  z.object({ dataRoleID: id, active: z.boolean() }).strict(),
);
