import { z } from 'zod';
import { MODULE_CODES } from './call.ts';
import { menuDataSchema } from './menu.ts';
import { deferred } from './deferred.ts';

const email = z.string().trim().toLowerCase().max(254).email('Enter a valid e-mail address.');
const sixDigits = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'The code is 6 digits.');
const challenge = z.string().min(20).max(200);

/** At least 12 characters with an upper-case letter, a lower-case letter and a digit. */
export const newPasswordSchema = z
  .string()
  .min(12, 'The password needs at least 12 characters.')
  .max(256, 'The password is too long.')
  .regex(/[A-Z]/, 'The password needs an upper-case letter.')
  .regex(/[a-z]/, 'The password needs a lower-case letter.')
  .regex(/\d/, 'The password needs a digit.');

export const signInRequestSchema = deferred(() => z.object({ email, password: z.string().min(1).max(256) }).strict());
export type SignInRequest = z.infer<typeof signInRequestSchema>;

export const secondFactorMethodSchema = z.enum(['totp', 'email']);
export type SecondFactorMethod = z.infer<typeof secondFactorMethodSchema>;

/** The password was right; the second factor is next, bound to this challenge. */
export const signInReplySchema = deferred(() =>
  z.object({
    message: z.literal('Two Factor Authentication needed'),
    email: z.string(),
    challenge: z.string(),
    methods: z.array(secondFactorMethodSchema),
  }),
);
export type SignInReply = z.infer<typeof signInReplySchema>;

export const sendVerificationCodeRequestSchema = deferred(() =>
  z
    .object({
      email,
      purpose: z.enum(['sign_in', 'reset_password']).default('sign_in'),
      challenge: challenge.optional(),
    })
    .strict(),
);
export type SendVerificationCodeRequest = z.input<typeof sendVerificationCodeRequestSchema>;

export const validatePasscodeQuerySchema = deferred(() => z.object({ email, passcode: sixDigits, challenge }).strict());
export type ValidatePasscodeQuery = z.infer<typeof validatePasscodeQuerySchema>;

export const sessionUserSchema = deferred(() =>
  z.object({
    token: z.string(),
    /** ISO time after which the session is over whatever the activity. */
    expireDate: z.string(),
    loginAuditID: z.number().int(),
    defaultModuleURL: z.string().nullable(),
    menuData: menuDataSchema,
    userID: z.number().int(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    roleName: z.string(),
    modules: z.array(z.enum(MODULE_CODES)),
    mustChangePassword: z.boolean(),
  }),
);
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const userLogoutRequestSchema = deferred(() => z.object({ loginAuditID: z.number().int().positive() }).strict());

export const resetPasswordRequestSchema = deferred(() =>
  z.object({ email, code: sixDigits, totp: sixDigits.optional(), newPassword: newPasswordSchema }).strict(),
);
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

export const updateUserPasswordRequestSchema = deferred(() =>
  z.object({ currentPassword: z.string().min(1).max(256), newPassword: newPasswordSchema }).strict(),
);
export type UpdateUserPasswordRequest = z.infer<typeof updateUserPasswordRequestSchema>;

export const messageReplySchema = deferred(() => z.object({ message: z.string() }));
export type MessageReply = z.infer<typeof messageReplySchema>;
