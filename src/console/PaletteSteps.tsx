/**
 * A command's next steps, asked inside the palette one after another. The answers so far stay
 * visible as breadcrumbs; Escape, or Backspace on an empty field, goes back one step.
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { ChoiceStep } from './ChoiceStep.tsx';
import { backToCommandList, closePalette, type PendingSteps } from './paletteStore.ts';
import { currentContext, findCommand, runCommand } from './registry.ts';
import { answerChosen, answerTyped } from './stepAnswers.ts';
import type { CommandContext, CommandStep } from './types.ts';

/** How long typing pauses before a step's server check is asked. */
export const CHECK_PAUSE_MS = 400;

interface Answer {
  key: string;
  value: unknown;
  shown: string;
}

function TypedStep({
  step,
  ctx,
  answers,
  onAnswer,
  onBack,
}: {
  step: Exclude<CommandStep, { kind: 'choice' }>;
  ctx: CommandContext;
  answers: Readonly<Record<string, unknown>>;
  onAnswer: (answer: Answer) => void;
  onBack: () => void;
}) {
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  // Only the latest check's answer is shown: an earlier one may come back after it.
  const latestCheck = useRef(0);
  const multiline = step.kind === 'text' && step.multiline === true;
  const check = step.kind === 'text' ? step.check : undefined;

  useEffect(() => {
    if (!check || typed.trim() === '' || !answerTyped(step, typed).ok) return;
    const ask = ++latestCheck.current;
    const timer = setTimeout(() => {
      void check(typed, ctx, answers)
        .catch(() => null)
        .then((refusal) => {
          if (ask === latestCheck.current && refusal !== null) setError(refusal);
        });
    }, CHECK_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [check, step, typed, ctx, answers]);

  function onKeyDown(event: KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>) {
    if (event.key === 'Escape' || (event.key === 'Backspace' && typed === '')) {
      event.preventDefault();
      onBack();
    } else if (event.key === 'Enter' && !(multiline && event.shiftKey)) {
      event.preventDefault();
      if (checking) return;
      const outcome = answerTyped(step, typed);
      if (!outcome.ok) setError(outcome.error);
      else if (!check) onAnswer({ key: step.key, value: outcome.value, shown: outcome.shown });
      else {
        const ask = ++latestCheck.current;
        setChecking(true);
        void check(typed, ctx, answers)
          .catch(() => null)
          .then((refusal) => {
            setChecking(false);
            if (ask !== latestCheck.current) return;
            if (refusal === null) onAnswer({ key: step.key, value: outcome.value, shown: outcome.shown });
            else setError(refusal);
          });
      }
    }
  }

  const shared = {
    autoFocus: true,
    className: 'palette__input',
    'aria-label': step.title,
    'aria-invalid': error !== null,
    'aria-describedby': error === null ? undefined : 'palette-step-error',
    placeholder: step.placeholder ?? (step.kind === 'amount' ? 'Amount in dollars, e.g. 12.50' : step.title),
    value: typed,
    onKeyDown,
  };
  return (
    <>
      {multiline ? (
        <textarea
          {...shared}
          rows={4}
          maxLength={4000}
          onChange={(event) => (setTyped(event.target.value), setError(null))}
        />
      ) : (
        <input
          {...shared}
          inputMode={step.kind === 'amount' ? 'decimal' : undefined}
          maxLength={200}
          onChange={(event) => (setTyped(event.target.value), setError(null))}
        />
      )}
      {checking && error === null && <p className="palette__note">Checking…</p>}
      {error !== null && (
        <p id="palette-step-error" className="palette__note palette__error" role="alert">
          {error}
        </p>
      )}
      <div className="palette__footer">
        <span className="palette__spacer" />
        <span>
          <kbd>Enter</kbd> {multiline ? 'next (Shift+Enter new line)' : 'next'} <kbd>Esc</kbd> back
        </span>
      </div>
    </>
  );
}

export function PaletteSteps({ pending }: { pending: PendingSteps }) {
  const command = findCommand(pending.commandId);
  const ctx = useMemo(() => currentContext(pending.source), [pending.source]);
  const asked = useMemo(
    () => (command?.steps ?? []).filter((step) => pending.answers[step.key] === undefined),
    [command, pending.answers],
  );
  const [given, setGiven] = useState<Answer[]>([]);
  const answersSoFar = useMemo(
    () => ({ ...pending.answers, ...Object.fromEntries(given.map((answer) => [answer.key, answer.value])) }),
    [pending.answers, given],
  );

  if (!command) return null;
  const step = asked[given.length];

  function back() {
    if (given.length > 0) setGiven(given.slice(0, -1));
    else backToCommandList();
  }

  function answer(next: Answer) {
    const all = [...given, next];
    if (all.length < asked.length) {
      setGiven(all);
      return;
    }
    closePalette();
    void runCommand(pending.commandId, pending.source, {
      ...pending.answers,
      ...Object.fromEntries(all.map((item) => [item.key, item.value])),
    });
  }

  return (
    <div className="palette__steps">
      <nav className="palette__crumbs" aria-label="Steps">
        <span className="palette__crumb">{command.title}</span>
        {given.map((item) => (
          <span key={item.key} className="palette__crumb palette__crumb--answer">
            {item.shown}
          </span>
        ))}
        {step && <span className="palette__crumb palette__crumb--current">{step.title}</span>}
      </nav>
      {step?.kind === 'choice' && (
        <ChoiceStep
          key={step.key}
          step={step}
          ctx={ctx}
          answers={answersSoFar}
          onChoose={(choice) => answer({ key: step.key, ...answerChosen(choice) })}
          onBack={back}
        />
      )}
      {step && step.kind !== 'choice' && (
        <TypedStep key={step.key} step={step} ctx={ctx} answers={answersSoFar} onAnswer={answer} onBack={back} />
      )}
    </div>
  );
}
