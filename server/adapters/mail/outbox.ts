import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';

export function outboxDir(dataDir: string): string {
  return path.join(dataDir, 'outbox');
}

/**
 * A nodemailer transport that writes each message into data/outbox as a .eml file (what an
 * SMTP server would receive) beside a .json summary, and logs the links it contains so a
 * developer can follow them without a mail server.
 */
export function createOutboxTransport(dataDir: string, log: (line: string) => void) {
  const dir = outboxDir(dataDir);
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async sendMail(options: nodemailer.SendMailOptions) {
      const info = await stream.sendMail(options);
      fs.mkdirSync(dir, { recursive: true });
      const base = `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}`;
      fs.writeFileSync(path.join(dir, `${base}.eml`), info.message as Buffer);
      const summary = { to: options.to, subject: options.subject, text: options.text, html: options.html, sentAt: new Date().toISOString() };
      fs.writeFileSync(path.join(dir, `${base}.json`), JSON.stringify(summary, null, 2));
      const links = String(options.text ?? '').match(/https?:\/\/\S+/g) ?? [];
      log(`mail to ${String(options.to)}: ${String(options.subject)}${links.length ? ` ${links.join(' ')}` : ''}`);
      return info;
    },
    close() {
      stream.close();
    },
  };
}
