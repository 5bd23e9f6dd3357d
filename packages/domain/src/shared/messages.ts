/** The specification's exact validation texts, defined once for the forms and the server. */
export const MSG = {
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email format',
  passwordRequired: 'Password is required',
  passwordMin: 'Password must be at least 8 characters',
  passwordComplexity:
    'Password must contain at least one uppercase letter, one lowercase letter, and one number',
  passwordsDontMatch: "Passwords don't match",
  tokenRequired: 'Token is required',
  firstNameRequired: 'First name is required',
  firstNameMax: 'First name must be less than 50 characters',
  lastNameRequired: 'Last name is required',
  lastNameMax: 'Last name must be less than 50 characters',
  phoneMin: 'Phone number must contain at least 10 digits',
  phoneFormat: 'Phone number must be in format (XXX) XXX-XXXX',
  roleInvalid: 'Role must be admin or staff',
} as const;

/** Server answers that the screens show verbatim. */
export const SERVER_MSG = {
  unauthenticated: 'Unauthenticated.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  forbidden: 'You do not have permission to perform this action.',
  appKeyMissing: 'The application key header is missing.',
  appKeyInvalid: 'The application key is not valid.',
  invalidCredentials: 'These credentials do not match our records.',
  /** `{wait}` is "1 minute" or "N minutes": the time left until the lock ends, rounded up. */
  tooManyAttempts: 'Too many sign-in attempts. Try again in {wait}.',
  /** Forgot-password, per e-mail and per address: each request sends a mail. */
  tooManyResetRequests: 'Too many password reset requests. Try again in {wait}.',
  /** Set-password with links that are not valid, per account and per address. */
  tooManySetPasswordAttempts: 'Too many attempts with a password link. Try again in {wait}.',
  validationFailed: 'The given data was invalid.',
  notFound: 'Not found.',
  resetLinkInvalid:
    'Your password reset link is invalid or has expired. Please request a new one to proceed.',
  resetRequested:
    'If the email entered exists in our system, you will be emailed password instructions. Please be sure to check your spam folder',
  passwordChanged: 'Your password has been successfully changed. Now you can log in.',
  emailTaken: 'The email has already been taken.',
  cannotArchiveSelf: 'You cannot archive your own account.',
  cannotDeleteSelf: 'You cannot delete your own account.',
  internal: 'Something went wrong on our side. Please try again.',
} as const;
