import type { ReactNode } from 'react';

interface FigureProps {
  term: string;
  children: ReactNode;
  /** Marks a figure that is balanced, off or bad. */
  className?: string;
  testID?: string;
}

/** One figure in a screen's header: its name over its value. */
export function Figure({ term, children, className, testID }: FigureProps) {
  return (
    <div>
      <dt>{term}</dt>
      <dd className={className} data-testid={testID}>
        {children}
      </dd>
    </div>
  );
}
