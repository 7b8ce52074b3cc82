import { describe, expect, it } from 'vitest';
import { shownRefusal, signInText } from './accessText.ts';

describe('access screens in the spec words', () => {
  it('shows the duplicate refusals of users and modules as the spec has them, any other as the server said', () => {
    expect(shownRefusal('User already exist with this email id.')).toBe(
      'User cannot be added as profile already exists.',
    );
    expect(shownRefusal('Module Code Already Exists')).toBe('"Module Code" Already Exists"');
    expect(shownRefusal('Module Name Already Exists')).toBe('"Module Name" Already Exists');
    expect(shownRefusal('Pick an active role.')).toBe('Pick an active role.');
  });

  it('writes a last sign-in as month/day/year and time, or never', () => {
    expect(signInText('2026-11-22T15:04:09Z')).toBe('11/22/2026 15:04');
    expect(signInText(null)).toBe('never');
  });
});
