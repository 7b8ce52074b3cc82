import { useRef, useState, type KeyboardEvent } from 'react';
import { MAX_DIAGNOSES } from '../../../contract/claimEdit.ts';
import { searchIcdCodes } from '../../api/claimForm.ts';
import { parseUsDate } from '../../ui/format.ts';
import { icdWithDot } from '../panes/billingText.ts';
import { addDiagnosis, removeDiagnosis, type ClaimDraft } from './claimFormLogic.ts';
import { SearchField, type SearchOption } from './SearchField.tsx';

interface DiagnosesEditorProps {
  draft: ClaimDraft;
  onChange: (draft: ClaimDraft) => void;
  error: string | undefined;
  disabled: boolean;
}

/**
 * The claim's diagnoses in order (1 is the principal): searched by code or words and added with
 * Enter; the list under it takes the keyboard (↑/↓, Delete removes, and the lines' pointers follow).
 */
export function DiagnosesEditor({ draft, onChange, error, disabled }: DiagnosesEditorProps) {
  const [text, setText] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [active, setActive] = useState(0);

  const add = (code: string, description: string | null) => {
    const result = addDiagnosis(draft, code, description);
    setRefusal(result.refusal);
    if (result.refusal !== null) return;
    onChange(result.draft);
    setText('');
  };

  // The code list's text of each code found, kept for the diagnosis the biller picks.
  const descriptions = useRef(new Map<string, string>());
  const search = async (typed: string, signal: AbortSignal): Promise<SearchOption[]> => {
    const hits = await searchIcdCodes(typed, parseUsDate(draft.dosFrom) ?? undefined, {
      signal,
      background: true,
      silent: true,
    });
    for (const hit of hits) descriptions.current.set(hit.code, hit.description);
    return hits.map((hit) => ({
      value: hit.code,
      label: icdWithDot(hit.code),
      hint: hit.billable ? hit.description : `${hit.description} (not billable: pick a more specific code)`,
    }));
  };

  const onListKey = (event: KeyboardEvent<HTMLOListElement>) => {
    if (event.key === 'ArrowDown') setActive((at) => Math.min(draft.diagnoses.length - 1, at + 1));
    else if (event.key === 'ArrowUp') setActive((at) => Math.max(0, at - 1));
    else if ((event.key === 'Delete' || event.key === 'Backspace') && !disabled) {
      onChange(removeDiagnosis(draft, active));
      setActive((at) => Math.max(0, Math.min(at, draft.diagnoses.length - 2)));
    } else return;
    event.preventDefault();
  };

  return (
    <section className="claim-form__section" aria-labelledby="claim-form-diagnoses">
      <h2 id="claim-form-diagnoses">
        Diagnoses <span className="muted">(ICD-10-CM, up to {MAX_DIAGNOSES}; the number is the pointer)</span>
      </h2>
      <div className="claim-form__diagnoses">
        <SearchField
          label="Add diagnosis"
          text={text}
          onText={(typed) => {
            setText(typed);
            setRefusal(null);
          }}
          search={search}
          onPick={(option) => add(option.value, descriptions.current.get(option.value) ?? null)}
          onEnterTyped={(typed) => add(typed, null)}
          placeholder="Code or words, e.g. E11.9 or diabetes; Enter adds"
          error={refusal ?? error}
          disabled={disabled || draft.diagnoses.length >= MAX_DIAGNOSES}
          testID="diagnosis-search"
        />
        {draft.diagnoses.length > 0 && (
          <ol
            className="claim-form__diagnosis-list"
            role="listbox"
            tabIndex={0}
            aria-label="Diagnoses on the claim: arrows move, Delete removes"
            aria-activedescendant={`diagnosis-${active}`}
            onKeyDown={onListKey}
            data-testid="diagnosis-list"
          >
            {draft.diagnoses.map((diagnosis, index) => (
              <li
                key={diagnosis.code}
                id={`diagnosis-${index}`}
                role="option"
                aria-selected={index === active}
                className={
                  index === active ? 'claim-form__diagnosis claim-form__diagnosis--active' : 'claim-form__diagnosis'
                }
              >
                <span className="claim-detail__pointer">{index + 1}</span> <strong>{icdWithDot(diagnosis.code)}</strong>{' '}
                <span className="muted">{diagnosis.description ?? ''}</span>
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}
