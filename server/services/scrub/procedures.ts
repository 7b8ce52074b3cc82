import { billedCharges, chargeField } from './claimParts.ts';
import type { RuleHit, ScrubRule } from './types.ts';

/**
 * 5 characters: a CPT code (5 digits), a CPT Category II, III or PLA code (4 digits then F, T or
 * U), or a HCPCS Level II code (a letter then 4 digits).
 */
const PROCEDURE_CODE = /^(?:\d{5}|\d{4}[FTU]|[A-Z]\d{4})$/;
const HCPCS_LEVEL_2 = /^[A-Z]\d{4}$/;

export const procedureCodeFormatRule: ScrubRule = {
  id: 'PROCEDURE_CODE_FORMAT',
  severity: 'error',
  field: 'charges[].cptCode',
  title: 'Procedure codes are 5-character CPT or HCPCS codes',
  fix: 'Enter a CPT code (5 digits, or 4 digits and F, T or U) or a HCPCS code (a capital letter and 4 digits), without modifiers or spaces.',
  check(claim) {
    return billedCharges(claim).flatMap(({ charge, index }): RuleHit[] =>
      PROCEDURE_CODE.test(charge.cptCode)
        ? []
        : [
            {
              field: chargeField(index, 'cptCode'),
              chargeID: charge.chargeID,
              message: `Line ${charge.lineNumber}: "${charge.cptCode}" is not a CPT or HCPCS code.`,
            },
          ],
    );
  },
};

export const hcpcsCodeValidRule: ScrubRule = {
  id: 'HCPCS_CODE_VALID',
  severity: 'error',
  field: 'charges[].cptCode',
  title: 'HCPCS Level II codes are on the CMS list and not ended before the date of service',
  fix: 'Look the service up in the current CMS HCPCS list and bill the code that replaced it.',
  check(claim, context) {
    return billedCharges(claim).flatMap(({ charge, index }): RuleHit[] => {
      if (!HCPCS_LEVEL_2.test(charge.cptCode)) return [];
      const status = context.hcpcsCodeStatus(charge.cptCode, charge.dosFrom);
      const field = chargeField(index, 'cptCode');
      if (status === 'notListed')
        return [
          {
            field,
            chargeID: charge.chargeID,
            message: `Line ${charge.lineNumber}: HCPCS code ${charge.cptCode} is not on the CMS HCPCS list.`,
          },
        ];
      if (status === 'terminated') {
        return [
          {
            field,
            chargeID: charge.chargeID,
            message: `Line ${charge.lineNumber}: HCPCS code ${charge.cptCode} was ended before the date of service ${charge.dosFrom}.`,
          },
        ];
      }
      return [];
    });
  },
};
