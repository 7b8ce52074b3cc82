/**
 * A 271 written for the tests from the 005010X279A1 guide's loops, with values of our own: three
 * subscribers answered by one payer (active with network deductibles, inactive with a dependent
 * whose benefit is rejected, not found) and a second reply in which the payer cannot answer.
 */

/** ST, the body and an SE that counts them. */
function transaction(control: string, body: readonly string[]): string[] {
  return [`ST*271*${control}*005010X279A1`, ...body, `SE*${body.length + 2}*${control}`];
}

const ANSWERED = [
  'BHT*0022*11*0000047110001*20260302*140612',
  'HL*1**20*1',
  'NM1*PR*2*ACME HEALTH PLAN*****PI*60054',
  'HL*2*1*21*1',
  'NM1*1P*2*RIVERSIDE FAMILY PRACTICE*****XX*1234567893',
  // 2000C: active, in- and out-of-network deductibles and out-of-pocket, co-pays and co-insurance.
  'HL*3*2*22*0',
  'TRN*2*ELIG-1001*1123456789',
  'TRN*1*PAYER-55*9ACMEHEALT',
  'NM1*IL*1*OKAFOR*GRACE*A***MI*W123456789',
  'N3*12 ELM ST',
  'N4*SPRINGFIELD*IL*62701',
  'DMG*D8*19610714*F',
  'DTP*346*D8*20260101',
  'DTP*347*D8*20261231',
  'EB*1*IND*30*PR*SILVER PPO 2000',
  'EB*C*IND*30*PR**23*2000*****Y',
  'EB*C*IND*30*PR**29*1250.5*****Y',
  'EB*C*IND*30*PR**23*4000*****N',
  'EB*C*IND*30*PR**29*4000*****N',
  'EB*C*FAM*30*PR**29*3100*****Y',
  'EB*G*IND*30*PR**23*6000*****Y',
  'EB*G*IND*30*PR**29*5432.1*****Y',
  'EB*B*IND*98^UC*PR**27*25*****Y',
  'EB*B*IND*98*PR**27*60*****N',
  'EB*B*IND**PR**27*40*****Y*HC:99214',
  'EB*A*IND*98*PR****.2****Y',
  'EB*A*IND*98*PR****0.4****N',
  'EB*F*IND*AL*PR**23***VS*2',
  'DTP*292*RD8*20260101-20261231',
  'MSG*ONE ROUTINE EYE EXAM PER YEAR',
  'EB*R**30*C1',
  'REF*IG*BR-4471',
  'LS*2120',
  'NM1*PRP*2*BLUE RIVER INSURANCE*****PI*77001',
  'N3*PO BOX 9',
  'N4*AUSTIN*TX*78701',
  'PER*IC**TE*8005551212',
  'LE*2120',
  // 2000C and 2000D: coverage ended; the dependent's vision question cannot be answered for the date asked.
  'HL*4*2*22*1',
  'NM1*IL*1*LINDQVIST*PER****MI*X99887766',
  'REF*6P*GRP-7*ACME GROUP',
  'DMG*D8*19800202*M',
  'DTP*356*D8*20240101',
  'DTP*357*D8*20251231',
  'EB*6*FAM*30*PR*BRONZE HMO',
  'HL*5*4*23*0',
  'TRN*2*ELIG-1002*1123456789',
  'NM1*03*1*LINDQVIST*MIA',
  'INS*N*19',
  'DMG*D8*20151130*F',
  'EB*6**30',
  'EB*V**AL',
  'AAA*N**62*C',
  // 2000C: not found.
  'HL*6*2*22*0',
  'TRN*2*ELIG-1003*1123456789',
  'NM1*IL*1*NOBODY*ANNA****MI*Z000',
  'AAA*N**72*C',
  'AAA*N**75*C',
];

const UNANSWERED = [
  'BHT*0022*11*0000047110002*20260302*140613',
  'HL*1**20*0',
  'NM1*PR*2*ACME HEALTH PLAN*****PI*60054',
  'AAA*Y**42*P',
];

/** The test reply as segments written with the standard delimiters (ISA fixed width). */
export function reply271Segments(): string[] {
  return [
    'ISA*00*          *00*          *ZZ*CLEARINGHSE    *ZZ*BILLINGCO      *260302*1406*^*00501*000000912*0*T*:',
    'GS*HB*CLEARINGHSE*BILLINGCO*20260302*1406*91*X*005010X279A1',
    ...transaction('0001', ANSWERED),
    ...transaction('0002', UNANSWERED),
    'GE*2*91',
    'IEA*1*000000912',
  ];
}

export interface TestDelimiters {
  element: string;
  component: string;
  repetition: string;
  segment: string;
  /** Written after each terminator: '', '\n' or '\r\n'. */
  lineBreak: string;
}

const STANDARD: TestDelimiters = { element: '*', component: ':', repetition: '^', segment: '~', lineBreak: '\n' };

/** The test reply as text with the given delimiters (none of them occurs in its values). */
export function reply271(delimiters: TestDelimiters = STANDARD): string {
  const swap: Record<string, string> = {
    '*': delimiters.element,
    ':': delimiters.component,
    '^': delimiters.repetition,
  };
  return reply271Segments()
    .map((segment) => segment.replace(/[*:^]/g, (char) => swap[char] ?? char) + delimiters.segment)
    .join(delimiters.lineBreak);
}

/** One 271 transaction for one subscriber with the given 2000C body (after HL*3), standard delimiters. */
export function subscriberReply(body: readonly string[]): string {
  const segments = [
    'ISA*00*          *00*          *ZZ*CLEARINGHSE    *ZZ*BILLINGCO      *260302*1406*^*00501*000000913*0*T*:',
    'GS*HB*CLEARINGHSE*BILLINGCO*20260302*1406*92*X*005010X279A1',
    ...transaction('0001', [
      'BHT*0022*11*REF-1*20260302*1406',
      'HL*1**20*1',
      'NM1*PR*2*ACME HEALTH PLAN*****PI*60054',
      'HL*2*1*21*1',
      'NM1*1P*2*RIVERSIDE FAMILY PRACTICE*****XX*1234567893',
      'HL*3*2*22*0',
      'NM1*IL*1*DOE*JANE****MI*M100',
      ...body,
    ]),
    'GE*1*92',
    'IEA*1*000000913',
  ];
  return segments.map((segment) => `${segment}~\n`).join('');
}
