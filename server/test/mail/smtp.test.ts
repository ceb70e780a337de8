import type { AddressInfo } from 'node:net';
import { MSG } from '@floorfill/shared';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { digits, post, signupPayload, uniqueEmail } from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

interface ReceivedMail {
  from: string | undefined;
  to: string[];
  raw: string;
}

interface MimePart {
  contentType: string;
  body: string;
}

/** Decodes one quoted-printable or base64 body (what nodemailer writes) to text. */
function decodeBody(body: string, encoding: string | undefined): string {
  if (encoding === 'base64') return Buffer.from(body, 'base64').toString('utf8');
  if (encoding !== 'quoted-printable') return body;
  const joined = body.replace(/=\r?\n/g, '');
  const bytes = joined.replace(/=([0-9A-F]{2})/g, (_match, hex: string) =>
    String.fromCharCode(parseInt(hex, 16)),
  );
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The leaf parts of a multipart message, decoded: enough to check them without a MIME library. */
function mimeParts(raw: string): MimePart[] {
  const boundary = raw.match(/boundary="?([^";\r\n]+)"?/)?.[1];
  if (!boundary) return [];
  return raw
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((section) => {
      const [head = '', ...rest] = section.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
      const contentType = head.match(/^Content-Type: ([^;\r\n]+)/im)?.[1] ?? '';
      const encoding = head.match(/^Content-Transfer-Encoding: (\S+)/im)?.[1]?.toLowerCase();
      return { contentType, body: decodeBody(rest.join('\n\n'), encoding) };
    });
}

/** A real SMTP receiver on a free local port that keeps every message it accepts. */
async function startSmtpReceiver(): Promise<{
  server: SMTPServer;
  port: number;
  received: ReceivedMail[];
}> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { server, port, received };
}

describe('mail over SMTP', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await createTestApp({
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: 'Floorfill <hello@floorfill.test>',
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.server.close(resolve));
  });

  it('delivers the signup verification mail with the code in a text and an html part', async () => {
    const email = uniqueEmail('smtp');
    const res = await post(t, '/api/auth/signup', signupPayload({ email }));
    expect(res.statusCode).toBe(201);
    await t.ctx.queue.idle();

    const mail = smtp.received.find((message) => message.to.includes(email));
    expect(mail).toBeDefined();
    const raw = mail?.raw ?? '';
    expect(mail?.from).toBe('hello@floorfill.test');
    expect(raw).toMatch(new RegExp(`^To: ${email.replace(/[.]/g, '\\.')}\\r?$`, 'm'));
    expect(raw).toMatch(/^Subject: Verify your email for Floorfill\r?$/m);
    expect(raw).toMatch(/^Content-Type: multipart\/alternative;/m);

    const parts = mimeParts(raw);
    expect(parts.map((part) => part.contentType)).toEqual(['text/plain', 'text/html']);
    const [text, html] = parts.map((part) => part.body);
    const code = text?.match(/Your code: (\d{6})/)?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    expect(text).toContain('10 minutes');
    expect(text).toContain("If this wasn't you");
    expect(html).toMatch(new RegExp(`<p style="[^"]*monospace[^"]*">${code}</p>`));

    const verified = await post(t, '/api/auth/verify-email', { email, ...digits(code) });
    expect(verified.json()).toMatchObject({ status: true, msg: MSG.emailVerified });
  });
});
