import type { ReactNode } from 'react';
import { BILL_TYPES } from '../../../contract/organisation.ts';
import {
  ADMISSION_SOURCES,
  ADMISSION_TYPES,
  isInpatientBillType,
  PATIENT_STATUSES,
  POA_INDICATORS,
} from '../../../contract/institutionalClaim.ts';
import { icdWithDot } from '../panes/billingText.ts';
import type { ClaimDraft, FormErrors } from './claimFormLogic.ts';
import type { InstitutionalDraft } from './institutionalDraft.ts';
import { Input, Select } from './FormControls.tsx';
import { UbCodeRow, usDate } from './UbCodeRow.tsx';

interface InstitutionalSectionProps {
  draft: ClaimDraft;
  onChange: (change: (draft: ClaimDraft) => ClaimDraft) => void;
  errors: FormErrors;
  /** The provider options of the claim's group, as the other provider fields list them. */
  providerOptions: ReactNode;
}

/** The facility type and classification of each type of bill the list names (the frequency is the claim's). */
const BILL_TYPE_OPTIONS = BILL_TYPES.map((type) => ({ code: type.code.slice(0, 2), description: type.description }));

const HOURS = Array.from({ length: 24 }, (_, hour) => String(hour).padStart(2, '0'));

/**
 * The UB-04 fields of an institutional claim, in the form's reading order and all by keyboard:
 * type of bill, the stay (admission date, hour, type, point of origin, discharge hour, patient
 * status), admitting diagnosis and the physicians, present on admission per diagnosis, then the
 * condition, occurrence, span and value codes in the UB-04's rows.
 */
export function InstitutionalSection({ draft, onChange, errors, providerOptions }: InstitutionalSectionProps) {
  const ub = draft.ub;
  const set =
    <K extends keyof InstitutionalDraft>(key: K) =>
    (value: InstitutionalDraft[K]) =>
      onChange((current) => ({ ...current, ub: { ...current.ub, [key]: value } }));
  const setRow = <K extends 'occurrences' | 'spans' | 'values'>(
    key: K,
    index: number,
    change: Partial<InstitutionalDraft[K][number]>,
  ) =>
    onChange((current) => ({
      ...current,
      ub: {
        ...current.ub,
        [key]: current.ub[key].map((row, at) => (at === index ? { ...row, ...change } : row)),
      },
    }));
  const leaveDate = (value: string, apply: (value: string) => void) => () => apply(usDate(value));
  const inpatient = ub.billType !== '' && isInpatientBillType(ub.billType);
  const error = (key: string) => errors[`ub.${key}`];

  return (
    <section className="claim-form__section" aria-labelledby="claim-form-ub04" data-testid="ub04-section">
      <h2 id="claim-form-ub04">
        UB-04 <span className="muted">{inpatient ? 'inpatient: the stay is required' : 'institutional claim'}</span>
      </h2>
      {errors.ub && (
        <p className="field__error" role="alert">
          {errors.ub}
        </p>
      )}
      <div className="claim-form__grid">
        <Select label="Type of bill" value={ub.billType} onChange={set('billType')} error={error('billType')}>
          <option value="">Pick the type of bill</option>
          {BILL_TYPE_OPTIONS.map((type) => (
            <option key={type.code} value={type.code}>
              {type.code}x · {type.description}
            </option>
          ))}
        </Select>
        <Input
          label="Admission date"
          value={ub.admissionDate}
          onChange={set('admissionDate')}
          onBlur={leaveDate(ub.admissionDate, set('admissionDate'))}
          placeholder="MM/DD/YYYY"
          error={error('admissionDate')}
        />
        <Select
          label="Admission hour"
          value={ub.admissionHour}
          onChange={set('admissionHour')}
          error={error('admissionHour')}
        >
          <option value="">—</option>
          {HOURS.map((hour) => (
            <option key={hour} value={hour}>
              {hour}
            </option>
          ))}
        </Select>
        <Select
          label="Admission type"
          value={ub.admissionType}
          onChange={set('admissionType')}
          error={error('admissionType')}
        >
          <option value="">—</option>
          {ADMISSION_TYPES.map((type) => (
            <option key={type.code} value={type.code}>
              {type.code} · {type.description}
            </option>
          ))}
        </Select>
        <Select
          label="Point of origin"
          value={ub.admissionSource}
          onChange={set('admissionSource')}
          error={error('admissionSource')}
        >
          <option value="">—</option>
          {ADMISSION_SOURCES.map((source) => (
            <option key={source.code} value={source.code}>
              {source.code} · {source.description}
            </option>
          ))}
        </Select>
        <Select
          label="Discharge hour"
          value={ub.dischargeHour}
          onChange={set('dischargeHour')}
          error={error('dischargeHour')}
        >
          <option value="">—</option>
          {HOURS.map((hour) => (
            <option key={hour} value={hour}>
              {hour}
            </option>
          ))}
        </Select>
        <Select
          label="Patient status"
          value={ub.patientStatus}
          onChange={set('patientStatus')}
          error={error('patientStatus')}
        >
          {PATIENT_STATUSES.map((status) => (
            <option key={status.code} value={status.code}>
              {status.code} · {status.description}
            </option>
          ))}
        </Select>
        <Input
          label="Admitting diagnosis"
          value={ub.admittingDiagnosis}
          onChange={(typed) => set('admittingDiagnosis')(typed.toUpperCase())}
          placeholder="R07.9"
          maxLength={8}
          error={error('admittingDiagnosis')}
        />
        <Select
          label="Operating physician"
          value={ub.operatingProviderID}
          onChange={set('operatingProviderID')}
          error={error('operatingProviderID')}
        >
          <option value="">None</option>
          {providerOptions}
        </Select>
        <Select
          label="Other operating physician"
          value={ub.otherOperatingProviderID}
          onChange={set('otherOperatingProviderID')}
          error={error('otherOperatingProviderID')}
        >
          <option value="">None</option>
          {providerOptions}
        </Select>
        <Input
          label="Condition codes"
          value={ub.conditionCodes}
          onChange={(typed) => set('conditionCodes')(typed.toUpperCase())}
          placeholder="01 17"
          error={error('conditionCodes')}
          className="claim-form__wide"
        />
      </div>
      {draft.diagnoses.length > 0 && (
        <div className="claim-form__grid" role="group" aria-label="Present on admission">
          {draft.diagnoses.map((diagnosis, index) => (
            <Select
              key={`${diagnosis.code}-${index}`}
              label={`POA ${index + 1} · ${icdWithDot(diagnosis.code)}`}
              value={ub.poa[index] ?? ''}
              onChange={(value) =>
                onChange((current) => {
                  const poa = Array.from({ length: current.diagnoses.length }, (_, at) => current.ub.poa[at] ?? '');
                  poa[index] = value;
                  return { ...current, ub: { ...current.ub, poa } };
                })
              }
              error={index === 0 ? error('poa') : undefined}
            >
              <option value="">Not reported</option>
              {POA_INDICATORS.map((indicator) => (
                <option key={indicator.code} value={indicator.code}>
                  {indicator.code} · {indicator.description}
                </option>
              ))}
            </Select>
          ))}
        </div>
      )}
      <div className="claim-form__ub-codes">
        <fieldset className="claim-form__ub-group">
          <legend>Occurrence codes (FL31-34)</legend>
          {ub.occurrences.map((row, index) => (
            <UbCodeRow
              key={index}
              label={`Occurrence ${index + 1}`}
              code={row.code}
              onCode={(code) => setRow('occurrences', index, { code })}
              error={error(`occurrenceCodes.${index}`)}
              fields={[
                {
                  name: 'date',
                  kind: 'date',
                  value: row.date,
                  onChange: (date) => setRow('occurrences', index, { date }),
                },
              ]}
            />
          ))}
        </fieldset>
        <fieldset className="claim-form__ub-group">
          <legend>Occurrence spans (FL35-36)</legend>
          {ub.spans.map((row, index) => (
            <UbCodeRow
              key={index}
              label={`Span ${index + 1}`}
              code={row.code}
              onCode={(code) => setRow('spans', index, { code })}
              error={error(`occurrenceSpans.${index}`)}
              fields={[
                { name: 'from', kind: 'date', value: row.from, onChange: (from) => setRow('spans', index, { from }) },
                {
                  name: 'through',
                  kind: 'date',
                  value: row.through,
                  onChange: (through) => setRow('spans', index, { through }),
                },
              ]}
            />
          ))}
        </fieldset>
        <fieldset className="claim-form__ub-group">
          <legend>Value codes (FL39-41)</legend>
          {ub.values.map((row, index) => (
            <UbCodeRow
              key={index}
              label={`Value ${index + 1}`}
              code={row.code}
              onCode={(code) => setRow('values', index, { code })}
              error={error(`valueCodes.${index}`)}
              fields={[
                {
                  name: 'amount',
                  kind: 'amount',
                  value: row.amount,
                  onChange: (amount) => setRow('values', index, { amount }),
                },
              ]}
            />
          ))}
        </fieldset>
      </div>
    </section>
  );
}
