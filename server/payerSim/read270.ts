/**
 * The simulator's reading of a 270: per question, who is asked about (the subscriber, or the
 * dependent under them), with the trace to echo. Only what the answer depends on is kept.
 */
import { readX12 } from '../edi/x12/readX12.ts';

export interface Person270 {
  lastName: string;
  firstName: string;
  memberID: string;
  /** DMG02 as written (CCYYMMDD), '' when not given. */
  birthDate: string;
  gender: string;
  traceNumber: string;
  traceOriginator: string;
}

export interface Question270 {
  subscriber: Person270;
  dependent: Person270 | null;
  /** DTP*291 as written (the first day), '' when not given. */
  serviceDate: string;
}

export interface Read270 {
  senderID: string;
  receiverID: string;
  reference: string;
  payer: { name: string; payerID: string };
  provider: { npi: string; organizationName: string; lastName: string; firstName: string };
  questions: Question270[];
}

const person = (): Person270 => ({
  lastName: '',
  firstName: '',
  memberID: '',
  birthDate: '',
  gender: '',
  traceNumber: '',
  traceOriginator: '',
});

/** The first 270 transaction of the text; null when the text holds none. */
export function read270(text: string): Read270 | null {
  const document = readX12(text);
  const interchange = document.interchanges[0];
  const transaction = interchange?.groups[0]?.transactions.find((set) => set.setID === '270');
  if (!interchange || !transaction) return null;
  const read: Read270 = {
    senderID: interchange.sender.id.trim(),
    receiverID: interchange.receiver.id.trim(),
    reference: '',
    payer: { name: '', payerID: '' },
    provider: { npi: '', organizationName: '', lastName: '', firstName: '' },
    questions: [],
  };
  let current: Person270 | null = null;
  let question: Question270 | null = null;
  for (const segment of transaction.segments) {
    const id = segment.id;
    if (id === 'BHT') read.reference = segment.element(3);
    else if (id === 'HL') {
      const level = segment.element(3);
      if (level === '22') {
        question = { subscriber: person(), dependent: null, serviceDate: '' };
        read.questions.push(question);
        current = question.subscriber;
      } else if (level === '23' && question) {
        question.dependent = person();
        current = question.dependent;
      } else current = null;
    } else if (id === 'NM1') {
      const entity = segment.element(1);
      if (entity === 'PR') read.payer = { name: segment.element(3), payerID: segment.element(9) };
      else if (entity === '1P')
        read.provider = {
          npi: segment.element(9),
          organizationName: segment.element(2) === '2' ? segment.element(3) : '',
          lastName: segment.element(2) === '2' ? '' : segment.element(3),
          firstName: segment.element(4),
        };
      else if (current) {
        current.lastName = segment.element(3);
        current.firstName = segment.element(4);
        current.memberID = segment.element(9);
      }
    } else if (id === 'TRN' && current) {
      current.traceNumber = segment.element(2);
      current.traceOriginator = segment.element(3);
    } else if (id === 'DMG' && current) {
      current.birthDate = segment.element(2);
      current.gender = segment.element(3);
    } else if (id === 'DTP' && question && segment.element(1) === '291') {
      question.serviceDate = segment.element(3).slice(0, 8);
    }
  }
  return read;
}
