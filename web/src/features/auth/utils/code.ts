import { CODE_LENGTH } from '@floorfill/shared';

/** Server and client name the six boxes otp1..otp6 (a server may also say `otp`); the form has one `code`. */
export const CODE_FIELDS_TO_CODE: Record<string, string> = {
  otp: 'code',
  otp1: 'code',
  otp2: 'code',
  otp3: 'code',
  otp4: 'code',
  otp5: 'code',
  otp6: 'code',
};

export function isCompleteCode(code: string): boolean {
  return new RegExp(`^\\d{${CODE_LENGTH}}$`).test(code);
}
