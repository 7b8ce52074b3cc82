import { Command as Cmdk } from 'cmdk';
import { useEffect, useState, type KeyboardEvent } from 'react';
import type { CommandChoice, CommandContext, CommandStep } from './types.ts';

type ChoiceStepSpec = Extract<CommandStep, { kind: 'choice' }>;

type Loaded = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; choices: CommandChoice[] };

interface ChoiceStepProps {
  step: ChoiceStepSpec;
  ctx: CommandContext;
  answers: Readonly<Record<string, unknown>>;
  onChoose: (choice: CommandChoice) => void;
  onBack: () => void;
}

/**
 * A list to pick from, loaded when the step opens (users to reassign to, export formats, ...). A
 * choice is read whole before it is picked (a confirmation names what it accepts), so its text
 * wraps and the list scrolls within the palette.
 */
export function ChoiceStep({ step, ctx, answers, onChoose, onBack }: ChoiceStepProps) {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [filter, setFilter] = useState('');

  useEffect(() => {
    let current = true;
    Promise.resolve(step.choices(ctx, answers)).then(
      (choices) => current && setLoaded({ state: 'ready', choices }),
      () => current && setLoaded({ state: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [step, ctx, answers]);

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Escape' || (event.key === 'Backspace' && filter === '')) {
      event.preventDefault();
      onBack();
    }
  }

  return (
    <Cmdk label={step.title} vimBindings={false} loop>
      <Cmdk.Input
        autoFocus
        className="palette__input"
        placeholder={`${step.title}: type to filter`}
        value={filter}
        onValueChange={setFilter}
        onKeyDown={onKeyDown}
      />
      <Cmdk.List className="palette__list">
        {loaded.state === 'loading' && <Cmdk.Loading className="palette__note">Loading choices…</Cmdk.Loading>}
        {loaded.state === 'failed' && (
          <div className="palette__note palette__error">The choices could not be loaded. Esc to go back.</div>
        )}
        {loaded.state === 'ready' &&
          loaded.choices.map((choice) => (
            <Cmdk.Item
              key={choice.value}
              value={choice.value}
              keywords={[choice.label, choice.hint ?? '']}
              onSelect={() => onChoose(choice)}
              className="palette__item palette__item--choice"
            >
              <span className="palette__main">
                <span className="palette__title">{choice.label}</span>
                {choice.hint && <span className="palette__detail">{choice.hint}</span>}
              </span>
            </Cmdk.Item>
          ))}
        {loaded.state === 'ready' && <Cmdk.Empty className="palette__note">No choice matches “{filter}”.</Cmdk.Empty>}
      </Cmdk.List>
    </Cmdk>
  );
}
