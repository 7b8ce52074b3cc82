import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpMailer } from './mailer.ts';

describe('mail through SMTP_URL', () => {
  const received: { from: string; to: string[]; data: string }[] = [];
  let server: SMTPServer;
  let port: number;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, done) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            data,
          });
          done();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(resolve));
  });

  it('delivers the code to the user through the SMTP server', async () => {
    const mailer = smtpMailer(`smtp://127.0.0.1:${port}`, 'Billing Console <no-reply@example.test>');
    await mailer.send({
      to: 'biller@example.test',
      subject: 'Your sign-in code',
      text: 'Your sign-in code is 481516.',
    });
    expect(received).toHaveLength(1);
    expect(received[0]!.from).toBe('no-reply@example.test');
    expect(received[0]!.to).toEqual(['biller@example.test']);
    expect(received[0]!.data).toContain('Subject: Your sign-in code');
    expect(received[0]!.data).toContain('481516');
  });
});
