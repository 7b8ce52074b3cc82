import { gridLayoutSchema, type GridLayout } from '../../../contract/grid.ts';
import type { Queryable } from '../../db/types.ts';
import { BadRequestError } from '../../errors.ts';

export async function loadGridLayout(q: Queryable, userId: number, gridTypeId: string): Promise<GridLayout | null> {
  const [row] = await q.query<{ layout: unknown }>(
    'SELECT layout FROM grid_layouts WHERE user_id = $1 AND grid_type_id = $2',
    [userId, gridTypeId],
  );
  if (!row) return null;
  const parsed = gridLayoutSchema.safeParse(row.layout);
  return parsed.success ? parsed.data : null;
}

/** `gridJason` arrives as JSON text (the catalogue's shape); it is checked before it is kept. */
export async function saveGridLayout(
  q: Queryable,
  userId: number,
  gridTypeId: string,
  gridJason: string,
  now: Date,
): Promise<void> {
  let raw: unknown;
  try {
    raw = JSON.parse(gridJason);
  } catch {
    throw new BadRequestError('The grid layout is not valid JSON.');
  }
  const parsed = gridLayoutSchema.safeParse(raw);
  if (!parsed.success) throw new BadRequestError('The grid layout does not have the expected columns.');
  await q.query(
    `INSERT INTO grid_layouts (user_id, grid_type_id, layout, updated_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_id, grid_type_id) DO UPDATE SET layout = EXCLUDED.layout, updated_at = EXCLUDED.updated_at`,
    [userId, gridTypeId, JSON.stringify(parsed.data), now],
  );
}
