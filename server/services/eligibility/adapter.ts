/**
 * Where an eligibility question goes: a clearinghouse over HTTP when ELIGIBILITY_URL is set,
 * otherwise the payer simulator (PAYER_SIM_URL, by default the one `npm run payer-sim` starts).
 * Both take the 270 as the body of a POST and answer with the 271 as the body; the adapter
 * only carries text, reading the reply is the caller's job.
 */

export const PAYER_SIM_DEFAULT_URL = 'http://127.0.0.1:8095/';
/** A real-time 270/271 is answered within seconds; a minute covers a slow clearinghouse. */
export const ELIGIBILITY_TIMEOUT_MS = 60_000;

export interface EligibilityAdapter {
  /** Who answers, in the biller's words (shown when the payer cannot be reached). */
  readonly name: string;
  /** Sends a 270 and returns the 271 text, or throws an EligibilityUnavailable. */
  ask(inquiry270: string): Promise<string>;
}

/** The question could not be asked or was not answered with a 271: said in one line for the biller. */
export class EligibilityUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EligibilityUnavailable';
  }
}

export interface HttpAdapterOptions {
  url: string;
  name: string;
  timeoutMs?: number;
  /** X12 over HTTP is sent as application/edi-x12 or plain text; the clearinghouse decides. */
  contentType?: 'application/edi-x12' | 'text/plain';
}

/** POSTs the 270 and reads the 271 from the body. */
export function httpEligibilityAdapter(options: HttpAdapterOptions): EligibilityAdapter {
  const timeoutMs = options.timeoutMs ?? ELIGIBILITY_TIMEOUT_MS;
  return {
    name: options.name,
    async ask(inquiry270: string): Promise<string> {
      let response: Response;
      try {
        response = await fetch(options.url, {
          method: 'POST',
          headers: {
            'content-type': options.contentType ?? 'application/edi-x12',
            accept: 'application/edi-x12, text/plain',
          },
          body: inquiry270,
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
        throw new EligibilityUnavailable(
          timedOut
            ? `The ${options.name} did not answer the eligibility check within ${Math.round(timeoutMs / 1000)} seconds; try again later.`
            : `The ${options.name} could not be reached for the eligibility check; try again later.`,
        );
      }
      const body = await response.text().catch(() => '');
      if (!response.ok)
        throw new EligibilityUnavailable(
          `The ${options.name} refused the eligibility check (HTTP ${response.status}); try again later.`,
        );
      if (!body.trimStart().startsWith('ISA'))
        throw new EligibilityUnavailable(
          `The ${options.name} answered the eligibility check with something that is not a 271.`,
        );
      return body;
    },
  };
}

/** The clearinghouse when ELIGIBILITY_URL is set, else the payer simulator. */
export function eligibilityAdapterFromEnv(env: NodeJS.ProcessEnv = process.env): EligibilityAdapter {
  const clearinghouse = env.ELIGIBILITY_URL?.trim();
  if (clearinghouse) return httpEligibilityAdapter({ url: clearinghouse, name: 'clearinghouse' });
  return httpEligibilityAdapter({
    url: env.PAYER_SIM_URL?.trim() || PAYER_SIM_DEFAULT_URL,
    name: 'payer simulator',
    contentType: 'text/plain',
  });
}
