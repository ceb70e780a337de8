import { BRAND_NAME } from '@floorfill/shared';
import type { MailMessage } from './mail.ts';

/** Branded HTML + text mail. Content is escaped; callers pass plain text. */

const escapeHtml = (value: string) =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

export interface BrandedMail {
  to: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  /** A one-time code shown large in the HTML and on its own line in the text. */
  code?: string;
  footnote?: string;
}

export function renderBrandedMail(mail: BrandedMail): MailMessage {
  const text = [
    mail.greeting,
    '',
    ...mail.paragraphs.flatMap((p) => [p, '']),
    ...(mail.code ? [`Your code: ${mail.code}`, ''] : []),
    ...(mail.footnote ? [mail.footnote, ''] : []),
    `— ${BRAND_NAME}`,
  ].join('\n');

  const paragraphsHtml = mail.paragraphs
    .map((p) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(p)}</p>`)
    .join('');
  const codeHtml = mail.code
    ? `<p style="margin:24px 0;font-size:32px;font-weight:700;letter-spacing:8px;font-family:monospace;color:#1f1147">${escapeHtml(mail.code)}</p>`
    : '';
  const footnoteHtml = mail.footnote
    ? `<p style="margin:16px 0 0;font-size:13px;color:#555">${escapeHtml(mail.footnote)}</p>`
    : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(mail.subject)}</title></head>
<body style="margin:0;background:#f4f2fb;font-family:Helvetica,Arial,sans-serif;color:#1b1b1f">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#fff;border-radius:12px;overflow:hidden">
<tr><td style="background:#1f1147;color:#fff;padding:20px 28px;font-size:22px;font-weight:700">${BRAND_NAME}</td></tr>
<tr><td style="padding:28px">
<p style="margin:0 0 16px;font-size:18px;font-weight:600">${escapeHtml(mail.greeting)}</p>
${paragraphsHtml}${codeHtml}${footnoteHtml}
</td></tr></table></td></tr></table></body></html>`;

  return { to: mail.to, subject: mail.subject, text, html };
}
