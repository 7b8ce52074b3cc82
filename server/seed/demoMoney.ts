/**
 * The money a biller finds on the payments screens of a fresh demo: per group, payment batches
 * (posted, part posted, a patient deposit), advance payments, a charge batch and a document batch,
 * and claims sent in submission batches whose 835s came back and were posted.
 * Runs after the claims, since it pays some of them; each write is its service's own transaction.
 */
import type { Db } from '../db/types.ts';
import { seedGroupAdvances } from './demoAdvances.ts';
import { seedGroupBatches } from './demoBatches.ts';
import { seedGroupInstitutional } from './demoInstitutional.ts';
import { demoDesk } from './demoDesk.ts';
import { seedGroupPaymentBatches } from './demoPaymentBatches.ts';
import { seedGroupSubmissions } from './demoSubmissions.ts';
import type { GroupIds } from './organisation.ts';
import { GROUPS } from './organisation-data.ts';

export async function seedDemoMoney(db: Db, groupIds: GroupIds, now: Date): Promise<void> {
  const desk = await demoDesk(db, now);
  for (const group of GROUPS) {
    const groupID = groupIds[group.key];
    const code = group.key.toUpperCase();
    await seedGroupPaymentBatches(db, desk, groupID, code);
    await seedGroupAdvances(db, desk, groupID);
    await seedGroupBatches(db, desk, groupID, code);
    await seedGroupSubmissions(db, desk, groupID, code);
    await seedGroupInstitutional(db, desk, groupID);
  }
}
