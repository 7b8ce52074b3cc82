import { describe, expect, it } from 'vitest';
import { matchesAllowedLink } from './matchesAllowedLink.ts';
import {
  CHARGE_BATCH,
  CLAIM_DETAIL,
  CLAIM_FORM,
  CREATE_CLAIM_PATH,
  ERA_DETAIL,
  PAYMENT_BATCH,
  USER,
  WORKSPACE_PATTERN,
  workspacePath,
} from './paths.ts';

describe('the app paths', () => {
  it('write a record screen path and read its id back, refusing any other path', () => {
    expect(CLAIM_DETAIL.path(42)).toBe('/app/claim-detail/42');
    expect(CLAIM_DETAIL.idIn('/app/claim-detail/42')).toBe(42);
    expect(CLAIM_DETAIL.idIn('/app/claim-detail/')).toBeNull();
    expect(CLAIM_DETAIL.idIn('/app/claim-detail/4x')).toBeNull();
    expect(CLAIM_DETAIL.idIn('/app/claim-detail/42/lines')).toBeNull();
    expect(ERA_DETAIL.idIn(CLAIM_DETAIL.path(7))).toBeNull();
    expect(PAYMENT_BATCH.idIn('/app/payment-batches')).toBeNull();
    expect(CHARGE_BATCH.idIn(CHARGE_BATCH.path('9'))).toBe(9);
  });

  it('tell a screen of one kind from its neighbours: the new claim form is the claim form, the list of batches is not a batch', () => {
    expect(CLAIM_FORM.holds(CREATE_CLAIM_PATH)).toBe(true);
    expect(CLAIM_FORM.holds(CLAIM_FORM.path(3))).toBe(true);
    expect(CLAIM_FORM.holds('/app/create-claims')).toBe(false);
    expect(PAYMENT_BATCH.holds('/app/payment-batches')).toBe(false);
  });

  it('write the patterns the menu and the route table use, which match the paths written', () => {
    expect(CLAIM_DETAIL.pattern).toBe('/app/claim-detail/[claim_id]');
    expect(USER.pattern).toBe('/setting/users/[user_email]');
    for (const screen of [CLAIM_DETAIL, CLAIM_FORM, ERA_DETAIL, PAYMENT_BATCH, CHARGE_BATCH])
      expect(matchesAllowedLink(screen.path(5), screen.pattern)).toBe(true);
    expect(matchesAllowedLink(workspacePath('claims-work'), WORKSPACE_PATTERN)).toBe(true);
  });
});
