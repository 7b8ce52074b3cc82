import { describe, expect, it } from 'vitest';
import { ORGANISATION_MESSAGES, toggleMessage } from '../../contract/organisation.ts';
import { shownOrganisationRefusal } from './announce.ts';

describe('what the organisation’s commands say', () => {
  it('shows a provider’s taken e-mail in the spec’s words, and any other refusal as the server says it', () => {
    expect(shownOrganisationRefusal(ORGANISATION_MESSAGES.providerEmailTaken)).toBe(
      'User already exist with this "Email ID"',
    );
    expect(shownOrganisationRefusal('The billing NPI 1234567890 has a wrong check digit.')).toBe(
      'The billing NPI 1234567890 has a wrong check digit.',
    );
  });

  it('answers toggles as the spec has them, the practice toggle saying User', () => {
    expect(toggleMessage(true)).toBe('Successfully Activated');
    expect(toggleMessage(false)).toBe('Successfully Inactivated');
    expect(toggleMessage(false, 'practice')).toBe('User Successfully Inactivated');
  });
});
