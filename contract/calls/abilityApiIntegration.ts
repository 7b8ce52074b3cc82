/** The AbilityApiIntegration controller's calls, each served at /api/AbilityApiIntegration/<name> (call.ts). */
import {
  abilityClaimEventsReplySchema,
  acknowledgementResultSchema,
  checkClaimStatusReplySchema,
  checkClaimStatusRequestSchema,
  claimIDQuerySchema,
  resendReplacementReplySchema,
  resendReplacementRequestSchema,
  statusDataQuerySchema,
  statusDataReplySchema,
  statusListReplySchema,
  uploadAcknowledgementBodySchema,
  uploadAcknowledgementQuerySchema,
} from '../acknowledgements.ts';
import { controller, get, post, postText } from '../call.ts';

export const AbilityApiIntegration = controller('AbilityApiIntegration', {
  /** The claim status inquiries (276) sent for a claim, newest first, each with its answer. */
  getAbilityStatusList: get('PATIENTS', { input: claimIDQuerySchema, reply: statusListReplySchema }),
  /** One inquiry: its 276 as written and each claim's answer. */
  getAbilityStatusData: get('PATIENTS', { input: statusDataQuerySchema, reply: statusDataReplySchema }),
  /** The events listed on a claim: sent, acknowledged, rejected, asked about, answered, paid. */
  getAbilityClaimEvents: get('PATIENTS', { input: claimIDQuerySchema, reply: abilityClaimEventsReplySchema }),
  /** A 999 or 277 a biller has, applied as the clearinghouse's poll applies it. */
  uploadAcknowledgementFile: postText('CLAIMS', {
    input: uploadAcknowledgementBodySchema,
    query: uploadAcknowledgementQuerySchema,
    reply: acknowledgementResultSchema,
  }),
  /** "Check claim status": a 276 for the claims, sent through the clearinghouse or kept to download. */
  checkClaimStatus: post('CLAIMS', { input: checkClaimStatusRequestSchema, reply: checkClaimStatusReplySchema }),
  /** A rejected claim corrected and sent again as a replacement (frequency 7, REF*F8 the payer's claim number). */
  resendClaimAsReplacement: post('CLAIMS', {
    input: resendReplacementRequestSchema,
    reply: resendReplacementReplySchema,
  }),
});
