/** User-facing wording of spec §5 and §8, shared so server and web say the same thing. */
export const MSG = {
  fieldRequired: 'This field is required',
  invalidData: 'The given data was invalid.',
  unexpected: 'An unexpected error occurred',
  somethingWrong: 'Something went wrong!',
  pleaseRegister: 'Please register first!',
  pleaseLogin: 'Please login first.',
  pleaseLoginAndScan: 'Please login first and scan the qr code.',
  noCode: 'No code found.',
  noEvents: 'You do not have any event',
  noEventFound: 'No Event Found',
  copySuccess: 'Copy success',
  pageNotFound: 'Page not found',
  phoneInvalid: 'The phone number is not valid.',
  emailVerified: 'Email verified successfully!',
  otpSent: 'OTP successfully sent to your email!',
  passwordChanged: 'Password changed successfully!',
  guestLogoutWarning: 'Please note that if you choose to log out, all your data will be removed.',
  tipMin: 'Amount must be greater than $1.',
  tipMax: 'Amount must not be greater than $100.',
  tipDecimals: 'Amount must not be greater two decimal place.',

  // Server answers for accounts (not worded by the spec; see docs/decisions.md).
  signupDone: 'Account created. We sent a 6-digit code to your email.',
  emailTaken: 'The email has already been taken.',
  passwordsDiffer: 'The password confirmation does not match.',
  invalidCredentials: 'These credentials do not match our records.',
  emailNotVerified: 'Please verify your email first. We sent you a new code.',
  codeInvalid: 'The code is invalid or has expired.',
  codeTriesUsedUp: 'Too many wrong codes for this account today. Please try again tomorrow.',
  codeResent: 'If an account needs it, a new code is on its way to that email.',
  codeCooldown: (seconds: number) => `Please wait ${seconds} seconds before asking for a new code.`,
  loggedIn: 'Logged in successfully.',
  loggedOut: 'Logged out successfully.',
  guestLoggedIn: 'Welcome! You are browsing as a guest.',
  unauthenticated: 'Unauthenticated.',
  forbidden: 'You are not allowed to do that.',
  notFound: 'Not found.',
  tooManyRequests: 'Too many attempts. Please try again later.',
  serviceUnavailable: 'The service is temporarily unavailable. Please try again shortly.',
  serverBusy: 'The server is busy right now. Please try again in a moment.',

  // What the app says while it solves a busy address's challenge, when it cannot, and a
  // refusal's wait (not worded by the spec; see docs/decisions.md, "Every screen says what happened").
  checkingDevice: 'One moment — checking this device…',
  checkFailed: 'This device could not finish a quick check. Please try again.',
  tooManyTries: (seconds: number) => `Too many tries — try again in ${waitText(seconds)}.`,
} as const;

/** A wait in the unit a person reads at a glance: seconds, whole minutes, whole hours. */
export function waitText(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 90) return `${whole} s`;
  if (whole < 90 * 60) return `${Math.ceil(whole / 60)} min`;
  return `${Math.ceil(whole / 3600)} h`;
}
