import type { FastifyInstance } from 'fastify';
import { PASSWORD_UPDATED } from '../../contract/messages.ts';
import { BadRequestError } from '../errors.ts';
import { defineCall } from '../http/defineCall.ts';
import type { AuthDeps } from '../services/auth/deps.ts';
import { changePassword, requestPasswordReset } from '../services/auth/passwords.ts';
import { completeSignIn, sendSignInCode } from '../services/auth/secondFactor.ts';
import { prepareListOfUser } from '../services/claims/prepareListPositions.ts';
import { signOut } from '../services/auth/sessions.ts';
import { startSignIn } from '../services/auth/signIn.ts';
import { loadUserSettings, saveUserSetting } from '../services/settings/userSettings.ts';
import { saveSelection } from '../services/organisationSelector/selector.ts';
import { ORG_SELECTION_SETTING } from '../../contract/organisationSelector.ts';
import { findWhiteLabelSetup } from '../services/whiteLabel/whiteLabel.ts';
import { Users } from '../../contract/calls/users.ts';

const CODE_SENT = 'If the address belongs to an active user, a code is on its way.';

export function usersRoutes(app: FastifyInstance, deps: AuthDeps): void {
  defineCall(app, deps, Users.signIn, {
    handler: (input, { meta }) => startSignIn(deps, input, meta),
  });

  defineCall(app, deps, Users.sendVerificationCodeToUser, {
    handler: async (input, { meta }) => {
      if (input.purpose === 'reset_password') {
        await requestPasswordReset(deps, input.email, meta);
        return { message: CODE_SENT };
      }
      if (!input.challenge) throw new BadRequestError('challenge: is required to send a sign-in code.');
      await sendSignInCode(deps, input.email, input.challenge);
      return { message: 'A verification code was sent to your e-mail address.' };
    },
  });

  defineCall(app, deps, Users.validatePasscode, {
    handler: async (input, { meta, reference }) => {
      const session = await completeSignIn(deps, input, meta);
      reference(prepareListOfUser)(session.userID);
      return session;
    },
  });

  defineCall(app, deps, Users.userLogout, {
    handler: async (input, context) => {
      await signOut(deps, context.actor, input.loginAuditID);
      return { message: 'Signed out.' };
    },
  });

  defineCall(app, deps, Users.updateUserPassword, {
    handler: async (input, context) => {
      await changePassword(deps, context.actor, input);
      return { message: PASSWORD_UPDATED };
    },
  });

  defineCall(app, deps, Users.getWhiteLabelSetup, {
    handler: (input, { reference }) => reference(findWhiteLabelSetup)(input.subdomain),
  });

  defineCall(app, deps, Users.getUserSettings, {
    handler: (_input, context) => context.data.asUser(loadUserSettings)(),
  });

  defineCall(app, deps, Users.saveUserSetting, {
    handler: async (input, context) => {
      if (input.key === ORG_SELECTION_SETTING) await context.data.asActor(saveSelection)(input.value, deps.now());
      else await context.data.asUser(saveUserSetting)(input.key, input.value);
      return { message: 'Saved.' };
    },
  });
}
