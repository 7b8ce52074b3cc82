import { describe, expect, it } from 'vitest';
import {
  modifier25OnEMRule,
  modifier26WithTCRule,
  modifier50WithSideRule,
  modifier59WithXRule,
  modifierCountRule,
  modifierFormatRule,
} from './modifiers.ts';
import { aCharge, aClaim, hitsOf } from './ruleTestKit.ts';

const line = (cptCode: string, ...modifiers: string[]) => aClaim({ charges: [aCharge({ cptCode, modifiers })] });

describe('modifier format and count', () => {
  it('passes up to 4 modifiers of 2 characters', () => {
    expect(hitsOf(modifierFormatRule, line('20610', 'RT', '59', 'GA', 'KX'))).toEqual([]);
    expect(hitsOf(modifierCountRule, line('20610', 'RT', '59', 'GA', 'KX'))).toEqual([]);
  });

  it('fails a modifier that is not 2 letters or digits, and a fifth modifier', () => {
    expect(hitsOf(modifierFormatRule, line('99213', '2', 'rt'))).toEqual([
      {
        field: 'charges[0].modifiers',
        chargeID: 501,
        message: 'Line 1 (99213) has modifier "2", "rt", which is not 2 letters or digits.',
      },
    ]);
    expect(hitsOf(modifierCountRule, line('20610', 'RT', '59', 'GA', 'KX', 'GY'))).toEqual([
      {
        field: 'charges[0].modifiers',
        chargeID: 501,
        message: 'Line 1 (20610) has 5 modifiers (RT, 59, GA, KX, GY); a line takes at most 4.',
      },
    ]);
  });
});

describe('26 with TC', () => {
  it('passes 26 alone', () => expect(hitsOf(modifier26WithTCRule, line('71046', '26'))).toEqual([]));
  it('fails 26 and TC on one line', () => {
    expect(hitsOf(modifier26WithTCRule, line('71046', '26', 'TC'))).toEqual([
      {
        field: 'charges[0].modifiers',
        chargeID: 501,
        message: 'Line 1 (71046) has both 26 (professional part) and TC (technical part).',
      },
    ]);
  });
});

describe('25 only on E/M', () => {
  it('passes 25 on an office visit', () => {
    expect(hitsOf(modifier25OnEMRule, line('99213', '25'))).toEqual([]);
    expect(hitsOf(modifier25OnEMRule, line('99499', '25'))).toEqual([]);
  });
  it('fails 25 on a procedure', () => {
    expect(hitsOf(modifier25OnEMRule, line('71046', '25'))).toEqual([
      {
        field: 'charges[0].modifiers',
        chargeID: 501,
        message: 'Modifier 25 is on 71046 (line 1), which is not an E/M code.',
      },
    ]);
    expect(hitsOf(modifier25OnEMRule, line('99201', '25'))).toHaveLength(1);
  });
});

describe('50 with RT/LT', () => {
  it('passes 50 alone and RT alone', () => {
    expect(hitsOf(modifier50WithSideRule, line('69210', '50'))).toEqual([]);
    expect(hitsOf(modifier50WithSideRule, line('69210', 'RT'))).toEqual([]);
  });
  it('fails 50 with LT', () => {
    expect(hitsOf(modifier50WithSideRule, line('69210', '50', 'LT'))).toEqual([
      { field: 'charges[0].modifiers', chargeID: 501, message: 'Line 1 (69210) has 50 (both sides) together with LT.' },
    ]);
  });
});

describe('59 with an X modifier', () => {
  it('passes 59 alone and XS alone', () => {
    expect(hitsOf(modifier59WithXRule, line('20610', '59'))).toEqual([]);
    expect(hitsOf(modifier59WithXRule, line('20610', 'XS'))).toEqual([]);
  });
  it('warns on 59 with XU', () => {
    expect(hitsOf(modifier59WithXRule, line('20610', 'XU', '59'))).toEqual([
      { field: 'charges[0].modifiers', chargeID: 501, message: 'Line 1 (20610) has both 59 and XU; use one of them.' },
    ]);
  });
});
