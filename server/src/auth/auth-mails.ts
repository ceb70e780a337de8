import { BRAND_NAME, CODE_TTL_SECONDS } from '@floorfill/shared';
import type { MailMessage } from '../infra/mail.ts';
import { renderBrandedMail } from '../infra/mail-templates.ts';

const CODE_LIFE = `The code works once and expires in ${CODE_TTL_SECONDS / 60} minutes.`;
const NOT_YOU = "If this wasn't you, you can safely ignore this email.";

export function verificationMail(to: string, name: string, code: string): MailMessage {
  return renderBrandedMail({
    to,
    subject: `Verify your email for ${BRAND_NAME}`,
    greeting: `Hi ${name},`,
    paragraphs: [`Enter this code in ${BRAND_NAME} to verify your email address.`, CODE_LIFE],
    code,
    footnote: NOT_YOU,
  });
}

export function passwordResetMail(to: string, name: string, code: string): MailMessage {
  return renderBrandedMail({
    to,
    subject: `Your ${BRAND_NAME} password reset code`,
    greeting: `Hi ${name},`,
    paragraphs: [`Enter this code in ${BRAND_NAME} together with your new password.`, CODE_LIFE],
    code,
    footnote: `${NOT_YOU} Your password stays as it is.`,
  });
}
