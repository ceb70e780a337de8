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

/** To an account's owner when strangers' failed sign-ins first pause it (once per attack). */
export function signInAttemptsMail(
  to: string,
  name: string,
  pauses: { firstMinutes: number; longestMinutes: number },
): MailMessage {
  return renderBrandedMail({
    to,
    subject: `Failed sign-ins to your ${BRAND_NAME} account`,
    greeting: `Hi ${name},`,
    paragraphs: [
      `Someone tried to sign in to your ${BRAND_NAME} account with a wrong password several times.`,
      `To protect it, sign-ins from new browsers are paused for ${pauses.firstMinutes} minute${pauses.firstMinutes === 1 ? '' : 's'}, and longer each time the wrong passwords go on (at most ${pauses.longestMinutes} minutes). Browsers you have signed in with before can still sign in, and so can the browser you reset your password with.`,
      `If this was you, wait a moment or reset your password. If it wasn't, your account is safe as long as your password is not used elsewhere; resetting it does no harm.`,
    ],
  });
}
