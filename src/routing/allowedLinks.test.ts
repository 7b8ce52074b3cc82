import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../contract/auth.ts';
import { allowedLinksFor } from './allowedLinks.ts';
import { USER_SETTINGS_PATH } from './paths.ts';
import { allowedLinksOfUser } from './userLinks.ts';

describe('allowedLinksFor', () => {
  it('adds the extras each menu link permits, in menu order, then the user settings', () => {
    expect(allowedLinksFor(['/app/all-claims', '/reports/aging'])).toEqual([
      '/app/all-claims',
      '/app/create-claim',
      '/app/create-claim/[claim_id]',
      '/app/claim-detail/[claim_id]',
      '/app/expanded-view/[claim_id]',
      '/app/workspace/[layout_id]',
      '/reports/aging',
      USER_SETTINGS_PATH,
    ]);
  });

  it.each([
    ['/app/patient-search', ['/app/register-patient', '/app/register-patient/[patient_id]']],
    ['/setting/providers', ['/setting/providers/[provider_id]']],
    ['/setting/group', ['/setting/group/[group_id]']],
    ['/setting/insurances', ['/setting/insurances/[insurance_id]']],
    ['/setting/users', ['/setting/users/[user_email]']],
  ])('%s permits %j', (link, extras) => {
    expect(allowedLinksFor([link])).toEqual([link, ...extras, USER_SETTINGS_PATH]);
  });

  it('gives everybody the user settings, once', () => {
    expect(allowedLinksFor([])).toEqual([USER_SETTINGS_PATH]);
    expect(allowedLinksFor([USER_SETTINGS_PATH])).toEqual([USER_SETTINGS_PATH]);
  });

  it("takes a user's links from their built menu", () => {
    const user = {
      menuData: {
        menuTypes: [
          { id: 1, parentID: null, title: 'Claims', icon: 'claims', order: 1 },
          { id: 2, parentID: null, title: 'Empty', icon: 'x', order: 0 },
        ],
        menuLinks: [
          { parentID: 1, title: 'All Claims', link: '/app/all-claims', order: 1 },
          { parentID: 99, title: 'Orphan', link: '/app/orphan', order: 1 },
        ],
      },
    } as unknown as SessionUser;
    expect(allowedLinksOfUser(user)).not.toContain('/app/orphan');
    expect(allowedLinksOfUser(user)[0]).toBe('/app/all-claims');
  });
});
