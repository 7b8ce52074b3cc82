/**
 * The MLLP listener: EHR interfaces connect over TCP and send HL7 v2 messages framed by MLLP
 * (VT ... FS CR). Framing and the connection are `@medplum/hl7`'s (Hl7Connection); the socket
 * server is our own net.Server, so it binds the host we are given and a port already taken is an
 * error at start instead of the library's endless retry. Each message is imported into the
 * practice its receiving facility (MSH-6) is set up for and answered with its ACK; messages of one
 * connection are answered in the order they came.
 */
import net from 'node:net';
import { Hl7Connection, type Hl7ErrorEvent, type Hl7MessageEvent } from '@medplum/hl7';
import type { Db } from '../../db/types.ts';
import { writeHl7Log } from '../importLogs/hl7Log.ts';
import { buildAck } from './ack.ts';
import { importHl7Message } from './importHl7.ts';
import { inboundFor } from './inbound.ts';
import { readHl7 } from './readHl7.ts';

export interface MllpListener {
  /** The port listened on (the one asked, or the one taken when 0 was asked). */
  port: number;
  close(): Promise<void>;
}

export interface MllpOptions {
  db: Db;
  port: number;
  host?: string;
  now?: () => Date;
  /** Where a failure that is not the message's fault is told (the server's log). */
  onError?: (error: unknown) => void;
}

/** One message: the practice it is for, imported and logged, and the ACK to send back. */
async function answer(db: Db, text: string, ip: string, now: Date): Promise<string> {
  const read = readHl7(text);
  const header = read.ok ? read.message.header : read.header;
  const inbound = read.ok ? await inboundFor(db, header.receivingFacility, ip) : null;
  if (!inbound) {
    const reason = read.ok
      ? `No practice takes HL7 messages for receiving facility "${header.receivingFacility}" (MSH-6): ask the billing office to set it up.`
      : read.problem;
    await writeHl7Log(db, {
      receivedAt: now,
      groupID: null,
      practiceID: null,
      channel: 'mllp',
      fileName: null,
      messageType: header.messageType,
      controlID: header.controlID,
      sendingFacility: header.sendingFacility,
      outcome: 'rejected',
      ackCode: 'AR',
      errors: [reason],
      patientID: null,
      claimID: null,
      action: null,
      importedBy: null,
      message: text,
    });
    return buildAck(read.ok ? read.message.parsed : null, header, 'AR', [reason], now).text;
  }
  const result = await importHl7Message(db, { ...inbound, channel: 'mllp', fileName: null }, text, now);
  return result.ack.text;
}

export async function startMllpListener(options: MllpOptions): Promise<MllpListener> {
  const now = options.now ?? (() => new Date());
  const connections = new Set<Hl7Connection>();
  const server = net.createServer((socket) => {
    const connection = new Hl7Connection(socket);
    connections.add(connection);
    const ip = socket.remoteAddress ?? '';
    // One message at a time per connection, so ACKs go back in the order the messages came.
    let queue: Promise<void> = Promise.resolve();
    connection.addEventListener('message', (event: Hl7MessageEvent) => {
      const text = event.message.toString();
      queue = queue.then(async () => {
        try {
          const ack = await answer(options.db, text, ip, now());
          if (!connection.isClosed()) socket.write(`\x0b${ack}\x1c\r`);
        } catch (error) {
          options.onError?.(error);
          // The sender hears of a failure on our side as an AE and sends again later.
          const read = readHl7(text);
          const header = read.ok ? read.message.header : read.header;
          const ack = buildAck(
            read.ok ? read.message.parsed : null,
            header,
            'AE',
            ['The billing system could not take the message now; send it again.'],
            now(),
          );
          if (!connection.isClosed()) socket.write(`\x0b${ack.text}\x1c\r`);
        }
      });
    });
    connection.addEventListener('error', (event: Hl7ErrorEvent) => options.onError?.(event.error));
    connection.addEventListener('close', () => connections.delete(connection));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    port,
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.all([...connections].map((connection) => connection.close().catch(() => undefined)));
      await closed;
    },
  };
}
