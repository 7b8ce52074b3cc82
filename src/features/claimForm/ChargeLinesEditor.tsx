import { useEffect, useRef, type KeyboardEvent } from 'react';
import { MAX_LINES, MAX_MODIFIERS } from '../../../contract/claimForm.ts';
import { searchProcedureCodes } from '../../api/claimForm.ts';
import { formatCents } from '../../../contract/money.ts';
import { emptyLine, formTotal, repriced, type ClaimDraft, type FormErrors, type LineDraft } from './claimFormLogic.ts';
import { Input } from './FormControls.tsx';
import { SearchField, type SearchOption } from './SearchField.tsx';

interface ChargeLinesEditorProps {
  draft: ClaimDraft;
  /**
   * Takes a change of the draft as it stands when applied, not as last drawn: a fee that comes back
   * from the server as the biller adds a line must keep both.
   */
  onChange: (change: (draft: ClaimDraft) => ClaimDraft) => void;
  errors: FormErrors;
  disabled: boolean;
  practiceID: number | null;
  /** Asks the fee of one unit for the line's code and first modifier; null when no schedule prices it. */
  priceOf: (cptCode: string, modifier: string) => Promise<number | null>;
  /** An institutional claim: each line has its revenue code and non-covered amount (UB-04 FL42, FL48). */
  institutional?: boolean;
  /** The CPT-revenue crosswalk's revenue code for a code on this claim; null when it has none. */
  revenueOf?: (cptCode: string) => Promise<string | null>;
}

/**
 * The charge lines as a grid of fields. Tab walks a line left to right, then the next line;
 * Enter in a line's last field (NDC) adds a line and puts the cursor in its code; Alt+Delete takes
 * the line off. The amount follows units × fee until the biller types one.
 */
export function ChargeLinesEditor({
  draft,
  onChange,
  errors,
  disabled,
  practiceID,
  priceOf,
  institutional = false,
  revenueOf,
}: ChargeLinesEditorProps) {
  // The line whose code field takes the cursor once it is on screen (a line just added or the one after
  // a removal). Kept until that line is drawn: a render of another change (a fee arriving) may come
  // first, and must not use the request up.
  const focusLine = useRef<string | null>(null);
  const codeInputs = useRef(new Map<string, HTMLInputElement>());
  useEffect(() => {
    if (focusLine.current === null) return;
    const input = codeInputs.current.get(focusLine.current);
    if (!input) return;
    input.focus();
    focusLine.current = null;
  }, [draft]);

  const update = (key: string, change: (line: LineDraft) => LineDraft) => {
    onChange((current) => ({
      ...current,
      lines: current.lines.map((line) => (line.key === key ? change(line) : line)),
    }));
  };

  const price = (key: string, cptCode: string, modifier: string) => {
    if (cptCode.trim() === '') return;
    priceOf(cptCode.trim().toUpperCase(), modifier.trim().toUpperCase()).then(
      (feeCents) =>
        update(key, (line) =>
          line.cptCode.trim().toUpperCase() === cptCode.trim().toUpperCase() ? repriced({ ...line, feeCents }) : line,
        ),
      () => undefined,
    );
  };

  // An institutional line whose revenue code is still empty takes the crosswalk's for its code.
  const fillRevenue = (key: string, cptCode: string) => {
    const code = cptCode.trim().toUpperCase();
    if (!institutional || revenueOf === undefined || !/^[0-9A-Z]{5}$/.test(code)) return;
    revenueOf(code).then(
      (revenueCode) => {
        if (revenueCode === null) return;
        update(key, (line) =>
          line.revenueCode.trim() === '' && line.cptCode.trim().toUpperCase() === code
            ? { ...line, revenueCode }
            : line,
        );
      },
      () => undefined,
    );
  };

  const addLine = () => {
    if (draft.lines.length >= MAX_LINES) return;
    const line = emptyLine();
    focusLine.current = line.key;
    onChange((current) => {
      if (current.lines.length >= MAX_LINES) return current;
      const previous = current.lines.at(-1);
      return {
        ...current,
        lines: [...current.lines, { ...line, pointers: previous?.pointers.trim() ? previous.pointers : '1' }],
      };
    });
  };

  const removeLine = (key: string) => {
    const index = draft.lines.findIndex((line) => line.key === key);
    const remaining = draft.lines.filter((line) => line.key !== key);
    // A line put in place of the only one is made here, so its key is known for the cursor.
    const replacement = emptyLine();
    focusLine.current =
      (remaining.length === 0 ? replacement : remaining[Math.min(index, remaining.length - 1)])?.key ?? null;
    onChange((current) => {
      const kept = current.lines.filter((line) => line.key !== key);
      return { ...current, lines: kept.length === 0 ? [replacement] : kept };
    });
  };

  const onLineKey = (line: LineDraft) => (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Delete' && event.altKey && !disabled) {
      event.preventDefault();
      if (line.locked) return;
      removeLine(line.key);
    }
  };

  const searchCodes = async (typed: string, signal: AbortSignal): Promise<SearchOption[]> =>
    (await searchProcedureCodes(typed, practiceID ?? undefined, { signal, background: true, silent: true })).map(
      (hit) => ({
        value: hit.code,
        label: hit.code,
        hint: `${hit.description}${hit.feeCents === null ? '' : ` · ${formatCents(hit.feeCents)}`}`,
      }),
    );

  const total = formTotal(draft);
  return (
    <section className="claim-form__section" aria-labelledby="claim-form-lines">
      <h2 id="claim-form-lines">
        Charge lines <span className="muted">Enter in NDC adds a line · Alt+Delete removes one</span>
      </h2>
      {errors.lines && (
        <p className="field__error" role="alert">
          {errors.lines}
        </p>
      )}
      <table className="claim-form__lines" aria-label="Charge lines">
        <thead>
          <tr>
            <th>#</th>
            <th>CPT/HCPCS</th>
            {institutional && <th>Rev. code</th>}
            {Array.from({ length: MAX_MODIFIERS }, (_, index) => (
              <th key={index}>M{index + 1}</th>
            ))}
            <th>Units</th>
            <th>Amount</th>
            {institutional && <th>Non-covered</th>}
            <th>Dx pointers</th>
            <th>POS</th>
            <th>NDC</th>
            <th aria-label="Remove" />
          </tr>
        </thead>
        <tbody>
          {draft.lines.map((line, index) => {
            const error = (field: string) => errors[`line.${index}.${field}`];
            const n = index + 1;
            return (
              <tr
                key={line.key}
                onKeyDown={onLineKey(line)}
                data-testid={`line-${n}`}
                className={line.locked ? 'claim-form__line--locked' : undefined}
              >
                <td className="claim-form__line-number">{n}</td>
                <td className="claim-form__code">
                  <SearchField
                    label={`Line ${n} procedure code`}
                    text={line.cptCode}
                    onText={(typed) =>
                      update(line.key, (current) => ({
                        ...current,
                        cptCode: typed.toUpperCase(),
                        feeCents: null,
                        amount: current.amountTyped ? current.amount : '',
                      }))
                    }
                    search={searchCodes}
                    onPick={(option) => {
                      update(line.key, (current) => ({ ...current, cptCode: option.value }));
                      price(line.key, option.value, line.modifiers[0] ?? '');
                      if (line.revenueCode.trim() === '') fillRevenue(line.key, option.value);
                    }}
                    onLeave={(typed) => {
                      if (line.feeCents === null) price(line.key, typed, line.modifiers[0] ?? '');
                      if (line.revenueCode.trim() === '') fillRevenue(line.key, typed);
                    }}
                    minChars={2}
                    labelHidden
                    disabled={disabled}
                    error={error('cptCode')}
                    inputRef={(element) => {
                      if (element) codeInputs.current.set(line.key, element);
                      else codeInputs.current.delete(line.key);
                    }}
                    className="field--bare"
                  />
                </td>
                {institutional && (
                  <td className="claim-form__revenue">
                    <Input
                      label={`Line ${n} revenue code`}
                      labelHidden
                      value={line.revenueCode}
                      maxLength={4}
                      inputMode="numeric"
                      placeholder="crosswalk"
                      title="Empty: the CPT-revenue crosswalk's code when saved."
                      disabled={disabled}
                      error={error('revenueCode')}
                      onChange={(typed) => update(line.key, (current) => ({ ...current, revenueCode: typed }))}
                    />
                  </td>
                )}
                {line.modifiers.map((modifier, at) => (
                  <td key={at} className="claim-form__modifier">
                    <Input
                      label={`Line ${n} modifier ${at + 1}`}
                      labelHidden
                      value={modifier}
                      maxLength={2}
                      disabled={disabled}
                      error={at === 0 ? error('modifiers') : undefined}
                      onChange={(typed) =>
                        update(line.key, (current) => ({
                          ...current,
                          modifiers: current.modifiers.map((old, place) => (place === at ? typed.toUpperCase() : old)),
                        }))
                      }
                      onBlur={at === 0 ? () => price(line.key, line.cptCode, modifier) : undefined}
                    />
                  </td>
                ))}
                <td className="claim-form__units">
                  <Input
                    label={`Line ${n} units`}
                    labelHidden
                    value={line.units}
                    inputMode="numeric"
                    disabled={disabled}
                    error={error('units')}
                    onChange={(typed) => update(line.key, (current) => repriced({ ...current, units: typed }))}
                  />
                </td>
                <td className="claim-form__amount">
                  <Input
                    label={`Line ${n} amount`}
                    labelHidden
                    value={line.amount}
                    placeholder="fee schedule"
                    inputMode="decimal"
                    disabled={disabled || line.locked}
                    title={
                      line.locked
                        ? 'Payments are posted on this line: its amount stays.'
                        : line.feeCents === null
                          ? 'Empty: the fee schedule prices it when saved.'
                          : `Fee ${formatCents(line.feeCents)} a unit`
                    }
                    error={error('amount')}
                    onChange={(typed) =>
                      update(line.key, (current) => ({ ...current, amount: typed, amountTyped: typed.trim() !== '' }))
                    }
                  />
                </td>
                {institutional && (
                  <td className="claim-form__amount">
                    <Input
                      label={`Line ${n} non-covered amount`}
                      labelHidden
                      value={line.nonCovered}
                      placeholder="0.00"
                      inputMode="decimal"
                      disabled={disabled}
                      error={error('nonCovered')}
                      onChange={(typed) => update(line.key, (current) => ({ ...current, nonCovered: typed }))}
                    />
                  </td>
                )}
                <td className="claim-form__pointers">
                  <Input
                    label={`Line ${n} diagnosis pointers`}
                    labelHidden
                    value={line.pointers}
                    placeholder="1 2"
                    disabled={disabled}
                    error={error('pointers')}
                    onChange={(typed) => update(line.key, (current) => ({ ...current, pointers: typed }))}
                  />
                </td>
                <td className="claim-form__pos">
                  <Input
                    label={`Line ${n} place of service`}
                    labelHidden
                    value={line.posCode}
                    maxLength={2}
                    placeholder={draft.posCode}
                    disabled={disabled}
                    error={error('posCode')}
                    onChange={(typed) => update(line.key, (current) => ({ ...current, posCode: typed }))}
                  />
                </td>
                <td className="claim-form__ndc">
                  <Input
                    label={`Line ${n} NDC`}
                    labelHidden
                    value={line.ndcCode}
                    placeholder="11 digits"
                    disabled={disabled}
                    error={error('ndcCode')}
                    onChange={(typed) => update(line.key, (current) => ({ ...current, ndcCode: typed }))}
                    onKeyDown={(event) => {
                      if (event.key !== 'Enter' || event.ctrlKey || event.metaKey || event.altKey || event.shiftKey)
                        return;
                      event.preventDefault();
                      addLine();
                    }}
                  />
                </td>
                <td>
                  <button
                    type="button"
                    className="claim-form__remove"
                    tabIndex={-1}
                    disabled={disabled || line.locked}
                    aria-label={`Remove line ${n}`}
                    title="Alt+Delete"
                    onClick={() => removeLine(line.key)}
                  >
                    ×
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr>
            <td colSpan={institutional ? 8 : 7} className="claim-form__total-label">
              Total
            </td>
            <td className="claim-form__total" data-testid="form-total">
              {total.text}
            </td>
            <td colSpan={institutional ? 5 : 4} className="muted">
              {total.unpriced > 0
                ? `+ ${total.unpriced} line${total.unpriced === 1 ? '' : 's'} priced by the fee schedule when saved`
                : ''}
            </td>
          </tr>
        </tfoot>
      </table>
    </section>
  );
}
