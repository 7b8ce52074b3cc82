/**
 * The payer simulator's HTTP face: POST a 270 (any path, text/plain or application/edi-x12) and
 * the 271 comes back as the body. A body that holds no 270 gets a 400 saying so.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answer270 } from './answer.ts';
import { read270 } from './read270.ts';

export interface PayerSim {
  url: string;
  port: number;
  close(): Promise<void>;
}

export interface PayerSimOptions {
  /** 0 picks a free port. */
  port: number;
  host?: string;
  /** Dates the replies; the clock by default. */
  now?: () => Date;
}

const MAX_BODY = 1_000_000;

export function startPayerSim(options: PayerSimOptions): Promise<PayerSim> {
  const host = options.host ?? '127.0.0.1';
  const now = options.now ?? (() => new Date());
  let control = 0;
  const server: Server = createServer((request, response) => {
    if (request.method !== 'POST') {
      response.writeHead(405, { 'content-type': 'text/plain', allow: 'POST' }).end('POST a 270 to get its 271.\n');
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        response.writeHead(413, { 'content-type': 'text/plain' }).end('The 270 is too large.\n');
        request.destroy();
      } else chunks.push(chunk);
    });
    request.on('end', () => {
      if (response.headersSent) return;
      const inquiry = read270(Buffer.concat(chunks).toString('utf8'));
      if (!inquiry || inquiry.questions.length === 0) {
        response.writeHead(400, { 'content-type': 'text/plain' }).end('The body holds no 270 inquiry.\n');
        return;
      }
      control = (control % 999_999_999) + 1;
      response.writeHead(200, { 'content-type': 'application/edi-x12' }).end(answer270(inquiry, now(), control));
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => {
      const port = (server.address() as AddressInfo).port;
      resolve({
        url: `http://${host}:${port}/`,
        port,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}
