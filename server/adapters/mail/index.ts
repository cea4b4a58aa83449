import nodemailer from 'nodemailer';
import type { Config } from '../../config';
import { createOutboxTransport } from './outbox';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** SMTP when SMTP_URL is set; otherwise the outbox folder in the data folder. */
export function createMailer(config: Config, log: (line: string) => void): Mailer {
  const transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : createOutboxTransport(config.dataDir, log);
  return {
    async send(message) {
      await transport.sendMail({ from: config.mailFrom, ...message });
    },
    close() {
      transport.close();
    },
  };
}
