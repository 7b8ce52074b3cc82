import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Users } from '../../contract/calls/users.ts';
import { defineCall } from '../http/defineCall.ts';
import type { AuthDeps } from '../services/auth/deps.ts';
import {
  confirmAuthenticatorEnrolment,
  startAuthenticatorEnrolment,
} from '../services/staff/authenticatorEnrolment.ts';
import { acceptInvitation, enrolInvitedAuthenticator, findInvitation } from '../services/staff/invitation.ts';
import { inviteUser, setUserActive, updateUser } from '../services/staff/saveStaff.ts';
import { listUsers, userByEmail, userLookups } from '../services/staff/staffList.ts';

/** The address the invitation link points at: the one the administrator is using. */
function linkBase(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** Staff users (Users/GetUsersData ... updateUserActive), their invitation and authenticator enrolment. */
export function staffRoutes(app: FastifyInstance, deps: AuthDeps): void {
  defineCall(app, deps, Users.GetUsersData, {
    handler: (input, context) => context.data.asActor(listUsers)(input.groupID),
  });
  defineCall(app, deps, Users.GetUserInfoByEmail, {
    handler: (input, context) => context.data.asActor(userByEmail)(input.email),
  });
  defineCall(app, deps, Users.getUserLookupDropowns, {
    handler: (_input, context) => context.data.asActor(userLookups)(),
  });
  defineCall(app, deps, Users.saveUser, {
    handler: (input, context, request) => inviteUser(deps, context.actor, input, linkBase(request)),
  });
  defineCall(app, deps, Users.updateUserData, {
    handler: (input, context, request) => updateUser(deps, context.actor, input, linkBase(request)),
  });
  defineCall(app, deps, Users.updateUserActive, {
    handler: (input, context) => setUserActive(deps, context.actor, input.userID, input.active),
  });

  defineCall(app, deps, Users.getInvitation, {
    handler: (input) => findInvitation(deps, input.token),
  });
  defineCall(app, deps, Users.acceptInvitation, {
    handler: (input, { meta }) => acceptInvitation(deps, input.token, input.newPassword, meta),
  });
  defineCall(app, deps, Users.enrolInvitedAuthenticator, {
    handler: (input, { meta }) => enrolInvitedAuthenticator(deps, input.token, input.code, meta),
  });
  defineCall(app, deps, Users.startAuthenticatorEnrolment, {
    handler: (input, context) => startAuthenticatorEnrolment(deps, context.actor, input.password),
  });
  defineCall(app, deps, Users.confirmAuthenticatorEnrolment, {
    handler: (input, context) => confirmAuthenticatorEnrolment(deps, context.actor, input.code),
  });
}
