// The messages the public screens show, and how the host's answers map to them. The host
// already words its answers as the screens show them (docs/api.md); where a screen has one
// message for a whole class of failures, the host's own words are kept for a 400 it
// explains better (a rule the input broke) and for 429 (wait and try again).
import { ApiError } from '../api';

export const LOGIN_SUCCESS = 'Login Successfully!';
export const CODE_SENT = 'We have sent an OTP to your given email address.';
export const CODE_VERIFIED = 'Otp verfied';
export const FORGOT_SENT = 'A link to reset the password has been sent on your registered email address.';
export const PASSWORD_UPDATED = 'Password Updated succesfully';
export const LINK_INVALID = 'Link is invalid please try again later';
export const SOCIAL_CLIENT_FAILURE = 'Some Error Occured';
export const ENTERPRISE_SUBSCRIBED = 'Thank you for subscribing';
export const ENTERPRISE_FAILED = 'Something went wrong';
export const ENTERPRISE_NO_SESSION = 'User not found please login';
export const APPROVAL_THANKS = 'Thank You! We will submit your Approval to Ticket!';

/** The host's answers the web reads (host/src/accounts). */
export const HOST = {
  tokenVerified: 'Token verified',
  codeNotValid: 'Otp Code not valid',
  codeExpired: 'Otp Code has expired',
  nameOrEmailTaken: 'Email or Company name already exists',
  subscribed: 'User subscribed',
  loginUser: 'Login User',
  newUser: 'New user detected',
  emailExists: 'Email already exists',
  connectionError: 'Connection Error',
  socialAccount: 'This user already login with social account.',
  userNotFound: 'User not found.',
  linkExpired: 'Link is expired.',
  linkInvalid: 'Link is invalid.',
  userUnavailable: 'User is not available.',
} as const;

function apiError(err: unknown): ApiError | null {
  return err instanceof ApiError ? err : null;
}

/** The host's message when its status is one of `statuses` or 429, else `fallback`. */
function hostWordsOr(err: unknown, statuses: number[], fallback: string): string {
  const error = apiError(err);
  if (error && (error.status === 429 || statuses.includes(error.status))) return error.message;
  return fallback;
}

/** Login with e-mail and password. */
export function loginFailure(err: unknown): string {
  if (apiError(err)?.status === 401) return 'Invalid Credentials!';
  return hostWordsOr(err, [], 'Something Went Wrong!');
}

/** POST /users/newUserSignUp: 400 is 'Email already exists' or a field rule. */
export function codeRequestFailure(err: unknown): string {
  return hostWordsOr(err, [400], 'Something went wrong');
}

/** POST /users/userSignUpTokenVerification: 400 is 'Otp Code not valid' (or expired). */
export function codeVerifyFailure(err: unknown): string {
  return hostWordsOr(err, [400], 'Something went wrong');
}

/** POST /users/communitySignUp: 400 is 'Email or Company name already exists' or a rule. */
export function signUpFailure(err: unknown): string {
  return hostWordsOr(err, [400], 'Something went wrong');
}

/** Social sign-in, its sign-up and the professional network's code exchange. */
export function socialFailure(err: unknown, provider: string): string {
  const error = apiError(err);
  if (error?.message === HOST.emailExists) return 'A user with this email already exists';
  if (error?.message === HOST.connectionError && provider === 'linkedin') return 'Something Went Wrong!';
  return hostWordsOr(err, [], 'Something went wrong please try again later');
}

/** POST /users/socialSignUp: the sign-up's 400s (taken names, rules), else as social sign-in. */
export function socialSignUpFailure(err: unknown, provider: string): string {
  const error = apiError(err);
  if (error?.status === 400 && error.message !== HOST.emailExists) return error.message;
  return socialFailure(err, provider);
}

/** POST /users/forgot_password. */
export function forgotFailure(err: unknown): string {
  const message = apiError(err)?.message;
  if (message === HOST.socialAccount) return 'Please use your social media account for login';
  if (message === HOST.userNotFound) return 'User not found';
  return hostWordsOr(err, [], 'Something Went Wrong!');
}

/**
 * POST /users/resetPasswordCodeVerification: the snackbar for a refused link, or null
 * when the page's own 'Link is invalid please try again later' says it all.
 */
export function linkFailure(err: unknown): string | null {
  const message = apiError(err)?.message;
  if (message === HOST.linkInvalid) return null;
  if (message === HOST.linkExpired) return 'The link has expired please try again';
  if (message === HOST.userUnavailable) return 'User is not available';
  return 'Something went wrong please try again';
}

/** POST /users/reset_password: a link used up meanwhile, a refused password, or else. */
export function resetFailure(err: unknown): string {
  const error = apiError(err);
  if (error?.message === HOST.linkInvalid) return LINK_INVALID;
  if (error?.message === HOST.linkExpired || error?.message === HOST.userUnavailable) {
    return linkFailure(err) ?? LINK_INVALID;
  }
  return hostWordsOr(err, [400], 'Something Went Wrong!');
}

/** A link without a token: what the host answers one it does not know (404). */
export const INVITATION_INVALID = 'This invitation link is not valid';

/**
 * POST /invitations/open and /invitations/accept: the host words its answers for this page
 * (a link not valid, used, withdrawn or expired; a wrong password; a field rule; the seats of
 * the community edition; an account made meanwhile), so they are shown as they are.
 */
export function invitationFailure(err: unknown): string {
  return hostWordsOr(err, [400, 401, 403, 404, 409, 410], 'Something went wrong');
}

/** The link cannot be used (not valid: 404; used, withdrawn or expired: 410): nothing to retry. */
export function invitationGone(err: unknown): boolean {
  const status = apiError(err)?.status;
  return status === 404 || status === 410;
}
