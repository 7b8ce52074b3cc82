import { claimSummaryText } from './claimSummaryText.ts';
import type { ClaimHover } from './useClaimHover.ts';

/** The claim summary shown under a hovered claim ID; the pointer passes through it. */
export function ClaimHoverCard({ hover }: { hover: ClaimHover }) {
  const { title, lines } = claimSummaryText(hover.info);
  return (
    <div role="tooltip" className="claim-hover" style={{ left: hover.at.x, top: hover.at.y }}>
      <div className="claim-hover__title">{title}</div>
      {lines.map((line) => (
        <div key={line}>{line}</div>
      ))}
    </div>
  );
}
