import { DEFAULT_CURRENCY, DEFAULT_CURRENCY_SYMBOL } from '../../options';
import * as rules from '../../validation';
import type { PersonValues, ProfileValues } from '../fields/ProfileFields';
import { HOST } from '../messages';

export type FormErrors = Record<string, string>;

/** The profile fields as both sign-up forms start them: nothing chosen, the default currency. */
export const EMPTY_PROFILE: ProfileValues = {
  gender: '',
  country: '',
  companyname: '',
  job_title: '',
  currency_name: DEFAULT_CURRENCY,
  currency_symbol: DEFAULT_CURRENCY_SYMBOL,
  department: '',
};

/** Shows a step's errors on its form, clearing the others; true when there are none. */
export function showErrors(form: { setErrors(errors: FormErrors): void }, errors: FormErrors): boolean {
  form.setErrors(errors);
  return Object.keys(errors).length === 0;
}

/** Keeps the rules that failed. */
export function failed(results: Record<string, rules.Rule>): FormErrors {
  const errors: FormErrors = {};
  for (const [field, message] of Object.entries(results)) if (message) errors[field] = message;
  return errors;
}

export function personErrors(values: { firstname: string; lastname: string; email: string }): FormErrors {
  return failed({
    firstname: rules.signUpPerson.firstname(values.firstname),
    lastname: rules.signUpPerson.lastname(values.lastname),
    email: rules.signUpPerson.email(values.email),
  });
}

/** The person's part of the profile only (an invited person's: the company is the inviter's). */
export function personProfileErrors(values: PersonValues): FormErrors {
  return failed({
    gender: rules.profile.gender(values.gender),
    country: rules.profile.country(values.country),
    job_title: rules.profile.job_title(values.job_title),
    department: rules.profile.department(values.department),
  });
}

export function profileErrors(values: ProfileValues): FormErrors {
  return {
    ...personProfileErrors(values),
    ...failed({
      companyname: rules.profile.companyname(values.companyname),
      currency_name: rules.profile.currency_name(values.currency_name),
    }),
  };
}

/** The last step: a strong password, confirmed. */
export function passwordErrors(values: { password: string; confirmPassword: string }): FormErrors {
  return failed({
    password: rules.signUpPassword.password(values.password),
    confirmPassword: rules.signUpPassword.confirmPassword(values.confirmPassword, values.password),
  });
}

/** The host's refusals of step 1's code request, by field: an address with an account, or a rule. */
export const PERSON_REFUSALS = rules.fieldWords(rules.signUpPerson, { email: [HOST.emailExists] });

/** The host's refusals of the e-mailed code. */
export const CODE_REFUSALS: rules.FieldWords<'code'> = { code: [HOST.codeNotValid, HOST.codeExpired] };

/**
 * The host's refusals of either sign-up's last call, by field: a taken address or company
 * name (it does not say which, so both), a choice no longer offered, a password it will not take.
 */
export const SIGN_UP_REFUSALS = rules.fieldWords(
  { ...rules.signUpPerson, ...rules.profile, password: rules.signUpPassword.password },
  {
    email: [HOST.nameOrEmailTaken],
    companyname: [HOST.nameOrEmailTaken],
    password: [rules.PASSWORD_RULE_MESSAGE, ...rules.HOST_PASSWORD_REFUSALS],
  },
);

/** The profile part of both sign-up payloads, trimmed, with the fixed role and agreement. */
export function profilePayload(values: ProfileValues) {
  return {
    gender: values.gender,
    country: values.country,
    companyname: values.companyname.trim(),
    job_title: values.job_title.trim(),
    currency_name: values.currency_name,
    currency_symbol: values.currency_symbol,
    department: values.department,
    userrole: 'communityuser',
    agreedToTermsAndConditions: true,
  };
}
