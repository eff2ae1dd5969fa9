// The field rules of the public forms, with their exact messages. Each rule returns the
// message to show, or null when the value is fine.
import { fieldWords } from './refusal';

export { fieldWords, refusedFields, showUnderFields, type FieldWords } from './refusal';

export type Rule = string | null;

/** The e-mail pattern: letters, digits, `_`, `-` and `.` before the @; a last label of 2 to 4 letters. */
const SPEC_EMAIL = /^[A-Za-z0-9_.-]+@(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,4}$/;
/** The enterprise form's simple address pattern: something@something.something, no spaces. */
const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const PASSWORD_MIN_CHARS = 8;
export const PASSWORD_RULE_MESSAGE =
  'Password should have one numeric, one special, one uppercase, one lowercase and 8 characters long';
export const RESET_PASSWORD_RULE_MESSAGE = 'Please enter a password which follows conditions mentioned below';
/** The host's refusals of a new password that meets the rule: a common one, and one over 1024 bytes. */
export const HOST_PASSWORD_REFUSALS = ['This password is too common, please choose another', 'Password is too long'];

export function isSpecEmail(text: string): boolean {
  return SPEC_EMAIL.test(text.trim());
}

/** The strong-password conditions, in the order the hint list shows them. */
export function passwordConditions(password: string): { label: string; met: boolean }[] {
  return [
    { label: `At least ${PASSWORD_MIN_CHARS} characters`, met: [...password].length >= PASSWORD_MIN_CHARS },
    { label: 'One uppercase letter', met: /\p{Lu}/u.test(password) },
    { label: 'One lowercase letter', met: /\p{Ll}/u.test(password) },
    { label: 'One number', met: /\p{N}/u.test(password) },
    { label: 'One special character', met: /[^\p{L}\p{N}\s]/u.test(password) },
  ];
}

export function isStrongPassword(password: string): boolean {
  return passwordConditions(password).every((condition) => condition.met);
}

function required(value: string, message: string): Rule {
  return value.trim() === '' ? message : null;
}

/** Login: an e-mail of the pattern above, and a password except in forgot mode. */
export const login = {
  email: (value: string): Rule => (isSpecEmail(value) ? null : 'Please enter valid Email'),
  password: (value: string): Rule => (value === '' ? 'Please enter a password' : null),
};

/** Sign-up step 1: who is signing up. */
export const signUpPerson = {
  firstname: (value: string) => required(value, 'Please enter First Name'),
  lastname: (value: string) => required(value, 'Please enter Last Name'),
  email: (value: string): Rule => (isSpecEmail(value) ? null : 'Please enter valid Email'),
};

/** Sign-up step 2: the e-mailed code has 6 digits; anything else cannot match it. */
export function signUpCode(value: string): Rule {
  const code = value.trim();
  if (code === '') return 'Please enter Otp sent to your email';
  return /^\d{6}$/.test(code) ? null : 'Otp does not match';
}

/** Sign-up step 3 (and the social sign-up form): the profile, in form order. */
export const profile = {
  gender: (value: string) => required(value, 'Please select a Gender'),
  country: (value: string) => required(value, 'Please select a Country'),
  companyname: (value: string) => required(value, 'Please enter your company name'),
  job_title: (value: string) => required(value, 'Please enter your job title'),
  currency_name: (value: string) => required(value, 'Please select a currency'),
  department: (value: string) => required(value, 'Please select a department'),
};

/** Sign-up step 4. */
export const signUpPassword = {
  password: (value: string): Rule => {
    if (value === '') return 'Please enter a password';
    return isStrongPassword(value) ? null : PASSWORD_RULE_MESSAGE;
  },
  confirmPassword: (value: string, password: string): Rule =>
    value === password ? null : "Password & Confirm Password doesn't match",
};

/** The reset form words the same rules its own way. */
export const resetPassword = {
  password: (value: string): Rule => {
    if (value === '') return 'Please enter a password to reset';
    return isStrongPassword(value) ? null : RESET_PASSWORD_RULE_MESSAGE;
  },
  confirmPassword: (value: string, password: string): Rule => {
    if (value === '') return 'Please enter your confirm Password';
    return value === password ? null : 'Password and Confirm Password does not match';
  },
};

/** The digits of an E.164 `phone` after the country's `dialCode`. */
export function nationalDigits(phone: string, dialCode: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.startsWith(dialCode) ? digits.slice(dialCode.length) : digits;
}

const ENTERPRISE_EMAIL_INVALID = 'Please enter valid email';
const MOBILE_REQUIRED = 'Please enter your Mobile Number';
const MOBILE_INVALID = 'Please enter a valid Mobile Number';

/** The enterprise edition form. */
export const enterprise = {
  username: (value: string) => required(value, 'Please enter your name'),
  email: (value: string): Rule => {
    if (value.trim() === '') return 'Please enter your email';
    return SIMPLE_EMAIL.test(value.trim()) ? null : ENTERPRISE_EMAIL_INVALID;
  },
  country: (value: string) => required(value, 'Please select your country'),
  /** `phone` in E.164 as the phone input gives it, `dialCode` the chosen country's. */
  contactNumber: (phone: string, dialCode: string): Rule => {
    if (nationalDigits(phone, dialCode) === '') return MOBILE_REQUIRED;
    const digits = phone.replace(/\D/g, '');
    // The host's rule: 6 to 15 digits in all.
    return digits.length >= 6 && digits.length <= 15 ? null : MOBILE_INVALID;
  },
};

/** The host's refusals of the enterprise form, by field: its own checks of the same rules. */
export const enterpriseRefusals = fieldWords(
  { username: enterprise.username, email: enterprise.email, country: enterprise.country },
  { email: [ENTERPRISE_EMAIL_INVALID], contactNumber: [MOBILE_REQUIRED, MOBILE_INVALID] },
);
