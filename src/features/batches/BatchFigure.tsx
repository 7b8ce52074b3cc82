import type { ReactNode } from 'react';
import { statusText } from './batchText.ts';

interface BatchFigureProps {
  term: string;
  children: ReactNode;
  /** Marks a figure that is balanced or off. */
  className?: string;
  testID?: string;
}

/** One figure in a batch's header: its name over its value. */
export function BatchFigure({ term, children, className, testID }: BatchFigureProps) {
  return (
    <div>
      <dt>{term}</dt>
      <dd className={className} data-testid={testID}>
        {children}
      </dd>
    </div>
  );
}

/** Where every kind of batch stands in the work: its status and who has it. */
export function BatchWorkFigures({ batch }: { batch: { status: string; assignedTo: string | null } }) {
  return (
    <>
      <BatchFigure term="Status">{statusText(batch.status)}</BatchFigure>
      <BatchFigure term="Assigned to">{batch.assignedTo ?? '—'}</BatchFigure>
    </>
  );
}
