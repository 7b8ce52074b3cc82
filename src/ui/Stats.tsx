import type { ReactNode } from 'react';
import './screenKit.css';

interface StatsProps {
  /** Names the figures for screen readers ("Check 7170066655"). */
  label?: string;
  testID?: string;
  /** 'compact': smaller values that wrap, for a header of many figures. */
  size?: 'large' | 'compact';
  /** A class of the screen's own (a current check's mark). */
  className?: string;
  children: ReactNode;
}

/** A line of figures on top of a screen: totals, or the facts of the record shown. */
export function Stats({ label, testID, size = 'large', className, children }: StatsProps) {
  const classes = ['stats', size === 'compact' && 'stats--compact', className].filter(Boolean).join(' ');
  return (
    <dl className={classes} aria-label={label} data-testid={testID}>
      {children}
    </dl>
  );
}

interface FigureProps {
  term: string;
  children: ReactNode;
  /** 'good' or 'bad' colours the value: balanced, or off. A class of the screen's own otherwise. */
  tone?: 'good' | 'bad';
  className?: string;
  testID?: string;
}

/** One figure: its name over its value. */
export function Figure({ term, children, tone, className, testID }: FigureProps) {
  const classes = [tone && `figure--${tone}`, className].filter(Boolean).join(' ');
  return (
    <div>
      <dt>{term}</dt>
      <dd className={classes === '' ? undefined : classes} data-testid={testID}>
        {children}
      </dd>
    </div>
  );
}
