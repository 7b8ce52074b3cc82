/**
 * The HL7 acknowledgement of a message (original mode): MSA-1 AA (accepted), AE (an error in its
 * content, nothing kept) or AR (not taken: not HL7, a type we do not import, a receiving facility
 * no practice is set up for). MSA-3 and an ERR segment carry the reasons, so the sending
 * interface's own log says why without anyone opening ours.
 */
import { Hl7Message } from '@medplum/core';
import { escapeHl7, type Hl7Header } from './readHl7.ts';

export interface Hl7Ack {
  code: 'AA' | 'AE' | 'AR';
  /** The ACK as sent, segments ended by CR. */
  text: string;
  message: Hl7Message;
}

/** MSA-3 and ERR-8 are 80 and 250 characters at most in v2.5. */
const clip = (text: string, length: number) => (text.length <= length ? text : `${text.slice(0, length - 1)}…`);

const stamp = (now: Date) => now.toISOString().replace(/[-:T]/g, '').slice(0, 14);

export function buildAck(
  parsed: Hl7Message | null,
  header: Hl7Header,
  code: 'AA' | 'AE' | 'AR',
  reasons: readonly string[],
  now: Date,
  /** HL7 table 0357: 200 an unsupported message type, 207 (the default) any other refusal. */
  errorCode: '200' | '207' = '207',
): Hl7Ack {
  const reason = reasons.join(' ');
  const text =
    code === 'AA'
      ? 'Message accepted'
      : clip(reason || (code === 'AE' ? 'Application error' : 'Application reject'), 80);
  const segments = [
    `MSH|^~\\&|${escapeHl7(header.receivingApplication)}|${escapeHl7(header.receivingFacility)}|${escapeHl7(header.sendingApplication)}|${escapeHl7(header.sendingFacility)}|${stamp(now)}||ACK^${escapeHl7(header.messageType.split('^')[1] ?? '')}^ACK|ACK${escapeHl7(header.controlID)}|P|${escapeHl7(header.version || '2.5')}`,
    `MSA|${code}|${escapeHl7(header.controlID)}|${escapeHl7(text)}`,
  ];
  // ERR-3 the error code of table 0357; ERR-4 severity E.
  if (code !== 'AA')
    for (const one of reasons.length > 0 ? reasons : [text])
      segments.push(
        `ERR||${parsed ? '' : 'MSH'}|${errorCode === '200' ? '200^Unsupported message type^HL70357' : '207^Application internal error^HL70357'}|E||||${escapeHl7(clip(one, 250))}`,
      );
  const message = Hl7Message.parse(segments.join('\r'));
  // The library's own header, when the message could be read: it mirrors MSH exactly as sent.
  if (parsed) {
    const built = parsed.buildAck({ ackCode: code });
    message.setSegment(0, built.header);
  }
  return { code, text: message.toString(), message };
}
