// A refusal of the host that is about one field shows under that field as well as in the
// snackbar. The host has no field in its answer: it words a refused field as the form's rule
// does (sometimes with more after it: "Please enter First Name of at most 100 characters"), or
// with words of its own that a form lists here (a taken address, a wrong code).
import type { ReactNode } from 'react';
import { ApiError, failureMessage } from '../api';
import type { Rule } from './index';

/** The host's words for each field: a refusal is about a field when its message starts with one of them. */
export type FieldWords<F extends string> = Partial<Record<F, readonly string[]>>;

/** The fields the refusal `err` is about (several for "Email or Company name already exists"). */
export function refusedFields<F extends string>(err: unknown, words: FieldWords<F>): F[] {
  if (!(err instanceof ApiError)) return [];
  const { message } = err;
  return (Object.keys(words) as F[]).filter((field) => words[field]?.some((said) => message.startsWith(said)));
}

/**
 * The words of each field of `rules`: what its rule says of an empty value (the host's words
 * for a missing or refused choice too), and the `more` words of the host's own.
 */
export function fieldWords<F extends string>(
  rules: Partial<Record<F, (value: string) => Rule>>,
  more: FieldWords<F> = {},
): FieldWords<F> {
  const words: FieldWords<F> = { ...more };
  for (const [field, rule] of Object.entries(rules) as [F, (value: string) => Rule][]) {
    const missing = rule('');
    words[field] = [...(missing ? [missing] : []), ...(more[field] ?? [])];
  }
  return words;
}

/**
 * Shows `message` (the snackbar's words, the host's by default) under each field the refusal
 * `err` is about; true when there was one.
 */
export function showUnderFields<F extends string>(
  form: { setFieldError: (path: F, error: ReactNode) => void },
  err: unknown,
  words: FieldWords<F>,
  message: string = failureMessage(err),
): boolean {
  const fields = refusedFields(err, words);
  for (const field of fields) form.setFieldError(field, message);
  return fields.length > 0;
}
