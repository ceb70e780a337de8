import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from './db.ts';
import type { MailMessage, MailTransport } from './mail.ts';

/** Real mail over SMTP_URL (smtp:// or smtps://). */
export class SmtpMailTransport implements MailTransport {
  readonly kind = 'smtp' as const;
  private readonly transporter: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transporter = nodemailer.createTransport(smtpUrl);
  }

  async send(message: MailMessage): Promise<void> {
    await this.transporter.sendMail({ from: this.from, ...message });
  }

  async close(): Promise<void> {
    this.transporter.close();
  }
}

/**
 * Without SMTP (the embedded default), mail is printed to the log — code
 * included, so a developer can sign up offline — and kept in the dev_outbox
 * table that GET /api/dev/outbox serves. Never used in production (config refuses it).
 */
export class DevOutboxTransport implements MailTransport {
  readonly kind = 'dev-outbox' as const;

  constructor(
    private readonly db: Db,
    private readonly logger: FastifyBaseLogger,
  ) {}

  async send(message: MailMessage): Promise<void> {
    await this.db.insertInto('dev_outbox').values(message).execute();
    this.logger.info(
      { mail: { to: message.to, subject: message.subject } },
      `dev outbox: mail to ${message.to}\n${message.text}`,
    );
  }

  async close(): Promise<void> {}
}
