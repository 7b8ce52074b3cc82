/** Moving between screens: the 'g' sequences and the jump to a claim by its ID. */
import type { Command } from '../../src/console/types.ts';
import { goTo } from '../../src/routing/navigation.ts';
import {
  claimDetailPath,
  CLAIMS_PATH,
  ERA_PATH,
  PATIENTS_PATH,
  SUBMISSION_BATCHES_PATH,
  USER_SETTINGS_PATH,
} from '../../src/routing/paths.ts';
import { openClaimByID } from '../claims/claimSide.ts';
import { notInMenuReason } from './screens.ts';

const CLAIM_ID = /^\d{1,10}$/;

function goToScreen(
  id: string,
  title: string,
  shortcut: string,
  path: string,
  screenName: string,
  keywords: string[],
): Command {
  return {
    id,
    title,
    group: 'Navigation',
    keywords,
    shortcut,
    disabledReason: () => notInMenuReason(path, screenName),
    run: () => goTo(path),
  };
}

export const navigationCommands: readonly Command[] = [
  goToScreen('nav.goToClaims', 'Go to claims', 'g c', CLAIMS_PATH, 'The claims list', ['all claims', 'work list']),
  goToScreen('nav.goToEra', 'Go to ERA', 'g e', ERA_PATH, 'The ERA screen', ['remittance', '835', 'payments']),
  goToScreen('nav.goToPatients', 'Go to patients', 'g p', PATIENTS_PATH, 'The patient search', ['patient search']),
  goToScreen(
    'nav.goToSubmissionBatches',
    'Go to submission batches',
    'g b',
    SUBMISSION_BATCHES_PATH,
    'Submission batches',
    ['837', 'batch', 'sent', 'edi', 'files'],
  ),
  goToScreen('nav.openSettings', 'Open my settings', 'g s', USER_SETTINGS_PATH, 'Settings', [
    'preferences',
    'shortcuts',
    'password',
  ]),
  {
    id: 'nav.goToClaimById',
    title: 'Go to a claim by ID…',
    group: 'Navigation',
    shortcut: 'Alt+o',
    keywords: ['open claim', 'claim number', 'find claim'],
    disabledReason: () => notInMenuReason(claimDetailPath(1), 'Claim details'),
    steps: [
      {
        key: 'claimId',
        kind: 'text',
        title: 'Claim ID',
        placeholder: 'Type the claim ID, then Enter',
        validate: (value) => (CLAIM_ID.test(value.trim()) ? null : 'A claim ID is digits only.'),
      },
    ],
    // Where the claim opens, and whether it exists in the data role, is the server's answer (Repository/getClaimScreen).
    run: (ctx, args) => openClaimByID(ctx, Number(String(args.claimId).trim())),
  },
];
