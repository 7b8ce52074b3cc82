import nodemailer from 'nodemailer';

export interface Mailer {
  send(message: { to: string; subject: string; text: string }): Promise<void>;
}

/** Sends through SMTP_URL (smtp://user:pass@host:port). */
export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}

/**
 * Without SMTP the message goes to the server log, so a demo or a developer can still finish a
 * sign-in by e-mail code. Never used when SMTP_URL is set.
 */
export function logMailer(log: (line: string) => void): Mailer {
  return {
    send(message) {
      log(`[mail to ${message.to}] ${message.subject}: ${message.text}`);
      return Promise.resolve();
    },
  };
}
