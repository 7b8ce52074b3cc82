import { Figure } from '../../ui/Stats.tsx';
import { statusText } from './batchText.ts';

/** Where every kind of batch stands in the work: its status and who has it. */
export function BatchWorkFigures({ batch }: { batch: { status: string; assignedTo: string | null } }) {
  return (
    <>
      <Figure term="Status">{statusText(batch.status)}</Figure>
      <Figure term="Assigned to">{batch.assignedTo ?? '—'}</Figure>
    </>
  );
}
