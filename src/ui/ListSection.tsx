import type { CSSProperties, FocusEvent, KeyboardEvent, ReactNode, Ref } from 'react';
import './screenKit.css';

interface ListSectionProps {
  /** Names the section for screen readers and tests: 'ERA checks'. */
  label: string;
  title: ReactNode;
  /** After the title, dimmed: how many rows ("32", "Claims 1-32 of 32"), or a total. */
  count?: ReactNode;
  /** Its share of the height beside the screen's other lists (1 by default). */
  grow?: number;
  /** Below this it stops shrinking and the screen scrolls (120 px by default). */
  minHeight?: number;
  /** A class of the screen's own. */
  className?: string;
  sectionRef?: Ref<HTMLElement>;
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  /** Load notes, then the rows (a RowList). */
  children: ReactNode;
}

/** One list of a screen under its title and count; its title lights up while the keyboard is in it. */
export function ListSection({
  label,
  title,
  count,
  grow,
  minHeight,
  className,
  sectionRef,
  onKeyDown,
  onFocus,
  children,
}: ListSectionProps) {
  const style = {
    ...(grow === undefined ? {} : { '--list-grow': grow }),
    ...(minHeight === undefined ? {} : { '--list-min-height': `${minHeight}px` }),
  } as CSSProperties;
  return (
    <section
      ref={sectionRef}
      className={className === undefined ? 'list-section' : `list-section ${className}`}
      style={style}
      aria-label={label}
      onKeyDown={onKeyDown}
      onFocus={onFocus}
    >
      <h2 className="list-section__title">
        {title}
        {count !== undefined && count !== null && count !== '' && (
          <>
            {' '}
            <span className="muted">{count}</span>
          </>
        )}
      </h2>
      {children}
    </section>
  );
}
