import type { EligibilityDocument, EligibilityResponse, Member } from './model271.ts';

export interface FoundReply {
  response: EligibilityResponse;
  member: Member;
}

/**
 * The subscriber or dependent of a 271 that answers the 270 question traced as `traceNumber`:
 * the payer echoes our TRN02 back as a referenced trace (TRN01 2). Null when no member carries it.
 */
export function findReply(document: EligibilityDocument, traceNumber: string): FoundReply | null {
  const wanted = traceNumber.trim();
  if (wanted === '') return null;
  const echoes = (member: Member) =>
    member.traces.some((trace) => trace.type === '2' && trace.number.trim() === wanted);
  for (const response of document.responses)
    for (const source of response.sources)
      for (const receiver of source.receivers)
        for (const subscriber of receiver.subscribers) {
          if (echoes(subscriber)) return { response, member: subscriber };
          const dependent = subscriber.dependents.find(echoes);
          if (dependent) return { response, member: dependent };
        }
  return null;
}
