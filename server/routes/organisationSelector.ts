import type { FastifyInstance } from 'fastify';
import { Repository } from '../../contract/calls/repository.ts';
import { Users } from '../../contract/calls/users.ts';
import { defineCall } from '../http/defineCall.ts';
import type { AuthDeps } from '../services/auth/deps.ts';
import {
  addFavorites,
  favorites,
  organisationSelector,
  recents,
  removeFavorites,
  searchOrganisationSelector,
  selectionData,
} from '../services/organisationSelector/selector.ts';
import {
  addWorkGroup,
  deleteWorkGroup,
  editWorkGroup,
  listWorkGroups,
  removeFromWorkGroup,
  renameWorkGroup,
  workGroupValues,
} from '../services/organisationSelector/workGroups.ts';

/**
 * The organisation selector: its lists, search, favorites, recents and workgroups, every entry
 * within the user's data role. The selection itself is kept through Users/saveUserSetting
 * (routes/users.ts) and applied where the session's scope is read (access/dataScope.ts).
 */
export function organisationSelectorRoutes(app: FastifyInstance, deps: AuthDeps): void {
  defineCall(app, deps, Repository.getOrganizationSelector, {
    handler: (_input, { data }) => data.asActor(organisationSelector)(),
  });
  defineCall(app, deps, Repository.searchOrganizationSelector, {
    handler: (input, { data }) => data.asActor(searchOrganisationSelector)(input.searchValue),
  });
  defineCall(app, deps, Repository.getSelectorDatabyID, {
    handler: (_input, { data }) => data.asActor(selectionData)(),
  });
  defineCall(app, deps, Repository.getFavorites, { handler: (_input, { data }) => data.asActor(favorites)() });
  defineCall(app, deps, Repository.getRecents, { handler: (_input, { data }) => data.asActor(recents)() });
  defineCall(app, deps, Repository.getWorkGroups, { handler: (_input, { data }) => data.asActor(listWorkGroups)() });
  defineCall(app, deps, Repository.workGroupSelectValues, {
    handler: (input, { data }) => data.asActor(workGroupValues)(input.workGroupID),
  });

  defineCall(app, deps, Users.addWorkGroup, {
    handler: (input, { data }) => data.asActor(addWorkGroup)(input.name, input),
  });
  defineCall(app, deps, Users.editWorkGroup, {
    handler: (input, { data }) => data.asActor(editWorkGroup)(input.workGroupId, input.name, input),
  });
  defineCall(app, deps, Users.renameWorkGroup, {
    handler: (input, { data }) => data.asActor(renameWorkGroup)(input.workGroupId, input.name),
  });
  defineCall(app, deps, Users.deleteWorkGroup, {
    handler: (input, { data }) => data.asActor(deleteWorkGroup)(input.workGroupId),
  });
  defineCall(app, deps, Users.removeFromWorkGroup, {
    handler: (input, { data }) => data.asActor(removeFromWorkGroup)(input.workGroupID, input),
  });
  defineCall(app, deps, Users.addFavorites, { handler: (input, { data }) => data.asActor(addFavorites)(input) });
  defineCall(app, deps, Users.unFavorites, { handler: (input, { data }) => data.asActor(removeFavorites)(input) });
}
