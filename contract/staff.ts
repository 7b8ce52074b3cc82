import { z } from 'zod';
import { newPasswordSchema } from './auth.ts';
import { deferred } from './deferred.ts';
import { numeric } from './scalars.ts';

/**
 * Staff users (Users/GetUsersData ... updateUserActive) and their invitation: a new user is
 * invited by e-mail, sets a password and enrols an authenticator app before signing in.
 */
const id = numeric(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));
const email = z.string().trim().toLowerCase().max(254).email('Enter a valid e-mail address.');
const personName = (what: string) =>
  z.string().trim().min(1, `Give the ${what}.`).max(80, `A ${what} is at most 80 characters.`);
const sixDigits = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'The code is 6 digits.');
const invitationToken = z.string().trim().min(20, 'The invitation link is not complete.').max(200);
/** A path of the app a user lands on after sign-in, or none (their first allowed screen). */
const landingPage = z
  .string()
  .trim()
  .max(200)
  .regex(/^\/[A-Za-z0-9/_-]*$/, 'The landing page is a path of the app, such as /app/all-claims.')
  .nullable();

export const USER_CREATED = 'User Successfully Created';
export const USER_SAVED = 'User successfully saved.';
/** What the server says of an e-mail another user has (SPEC point 5). */
export const USER_EXISTS = 'User already exist with this email id.';
/** How the browser shows USER_EXISTS (SPEC point 5). */
export const USER_EXISTS_SHOWN = 'User cannot be added as profile already exists.';
export const INVITATION_NOT_VALID = 'This invitation is no longer valid: ask your administrator to send a new one.';
export const AUTHENTICATOR_CODE_WRONG = 'The code does not match: type the 6 digits the app shows now.';
export const AUTHENTICATOR_ENROLLED = 'Authenticator app enrolled.';

/** Where a user stands: invited (has not finished the invitation), active, or inactive. */
export const USER_STATUSES = ['Invited', 'Active', 'Inactive'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const usersQuerySchema = deferred(() => z.object({ groupID: id.optional() }).strict());

export const userRowSchema = deferred(() =>
  z.object({
    userID: z.number().int(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    roleID: z.number().int(),
    roleName: z.string(),
    dataRoleID: z.number().int(),
    dataRoleName: z.string(),
    defaultModuleURL: z.string().nullable(),
    active: z.boolean(),
    status: z.enum(USER_STATUSES),
    authenticatorEnrolled: z.boolean(),
    lastSignIn: z.string().nullable(),
  }),
);
export type UserRow = z.infer<typeof userRowSchema>;
export const usersReplySchema = deferred(() => z.array(userRowSchema));

export const userByEmailQuerySchema = deferred(() =>
  // clientId is fixed at 1 by the catalogue; kept for the callers that send it.
  z.object({ email, clientId: numeric(z.number().int()).optional() }).strict(),
);

export const userLookupsReplySchema = deferred(() =>
  z.object({
    /** The active roles this administrator may give: none holds a module they lack. */
    roles: z.array(z.object({ id: z.number().int(), name: z.string() })),
    /** The active data roles within this administrator's groups. */
    dataRoles: z.array(z.object({ id: z.number().int(), name: z.string() })),
  }),
);
export type UserLookups = z.infer<typeof userLookupsReplySchema>;

const userFields = {
  email,
  firstName: personName('first name'),
  lastName: personName('last name'),
  roleID: id,
  dataRoleID: id,
  defaultModuleURL: landingPage.optional(),
};

export const saveUserRequestSchema = deferred(() => z.object(userFields).strict());
export type SaveUserRequest = z.infer<typeof saveUserRequestSchema>;
export const saveUserReplySchema = deferred(() => z.object({ message: z.string(), userID: z.number().int() }));

export const updateUserRequestSchema = deferred(() =>
  z
    .object({
      userID: id,
      ...userFields,
      /** Sends the invitation again (a new link; the old one stops working). */
      resendInvitation: z.boolean().optional(),
    })
    .strict(),
);
export type UpdateUserRequest = z.infer<typeof updateUserRequestSchema>;

export const updateUserActiveRequestSchema = deferred(() => z.object({ userID: id, active: z.boolean() }).strict());

// The invitation, step by step (public: the invited user has no session yet).
export const invitationQuerySchema = deferred(() => z.object({ token: invitationToken }).strict());
export const invitationReplySchema = deferred(() =>
  z.object({ email: z.string(), firstName: z.string(), lastName: z.string() }),
);
export type InvitationReply = z.infer<typeof invitationReplySchema>;

export const acceptInvitationRequestSchema = deferred(() =>
  z.object({ token: invitationToken, newPassword: newPasswordSchema }).strict(),
);

/** An authenticator to enrol: the key as text and as the otpauth:// address a QR code carries. */
export const authenticatorEnrolmentSchema = deferred(() =>
  z.object({ email: z.string(), secret: z.string(), otpauthUri: z.string() }),
);
export type AuthenticatorEnrolment = z.infer<typeof authenticatorEnrolmentSchema>;

export const enrolInvitedAuthenticatorRequestSchema = deferred(() =>
  z.object({ token: invitationToken, code: sixDigits }).strict(),
);

export const startAuthenticatorEnrolmentRequestSchema = deferred(() =>
  z.object({ password: z.string().min(1, 'Give your password.').max(256) }).strict(),
);
export const confirmAuthenticatorEnrolmentRequestSchema = deferred(() => z.object({ code: sixDigits }).strict());
