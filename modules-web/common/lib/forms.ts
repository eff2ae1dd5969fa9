/** Form helpers: typed values with per-field errors, the submit of a dialog's form, Ctrl/Cmd+Enter to submit. */

import { useCallback, useRef, useState, type FormEvent, type KeyboardEvent, type RefObject } from 'react';

import { errorMessage } from './errors';

export type FormErrors<T> = Partial<Record<keyof T, string>>;

export function hasErrors<T>(errors: FormErrors<T>): boolean {
  return Object.values(errors).some(Boolean);
}

/** A number input's value in a form: a number, or '' while empty. */
export type NumberValue = number | '';

/** Mantine's NumberInput gives '' while empty and a string mid-typing ("1."); a form keeps numbers. */
export function toNumberValue(value: number | string): NumberValue {
  if (value === '') return '';
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isNaN(number) ? '' : number;
}

/** Form values and errors; changing a field clears its error. */
export function useFormState<T extends object>(initial: T | (() => T)) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<FormErrors<T>>({});
  const setValue = useCallback(<K extends keyof T>(field: K, value: T[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  }, []);
  return { values, errors, setValue, setErrors, setValues };
}

/** What `useFormSubmit` gives the form (see `DialogForm`). */
export interface FormSubmit {
  formRef: RefObject<HTMLFormElement | null>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  /** A failure's message that belongs to no field of the form (a conflict, a network failure). */
  error: string | null;
  saving: boolean;
}

interface FormSubmitOptions<T> {
  /** The browser's checks: the server's messages, by field. */
  validate?: (values: T) => FormErrors<T>;
  /** Sends the values; rejects with the server's error. */
  save: (values: T) => Promise<void>;
  /** The field a server message is about, if any: it shows under that field when the form has it. */
  fieldOf?: (message: string) => string | undefined;
  /** After any failed save (e.g. refetch the record after a 409). */
  onFailure?: (error: unknown) => void;
}

/**
 * A form's submit: checks the values and, when some are wrong, marks them and focuses the
 * first; else saves, and shows a failure's message under its field or above the buttons.
 */
export function useFormSubmit<T extends object>(
  form: { values: T; setErrors: (errors: FormErrors<T>) => void },
  { validate, save, fieldOf, onFailure }: FormSubmitOptions<T>,
): FormSubmit {
  const formRef = useRef<HTMLFormElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    setError(null);
    const found = validate?.(form.values) ?? {};
    if (hasErrors(found)) {
      form.setErrors(found);
      focusFirstInvalid(formRef.current);
      return;
    }
    setSaving(true);
    try {
      await save(form.values);
    } catch (failure) {
      const message = errorMessage(failure);
      const field = fieldOf?.(message);
      if (field !== undefined && field in form.values) {
        form.setErrors({ [field]: message } as FormErrors<T>);
        focusFirstInvalid(formRef.current);
      } else {
        setError(message);
      }
      onFailure?.(failure);
    } finally {
      setSaving(false);
    }
  };

  return { formRef, onSubmit, error, saving };
}

/** On a form: Ctrl+Enter (Cmd+Enter on a Mac) submits from any field, multi-line ones too. */
export function submitOnModEnter(event: KeyboardEvent<HTMLFormElement>) {
  if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
    event.preventDefault();
    event.currentTarget.requestSubmit();
  }
}

/** Moves focus to the first field marked invalid (or the first control inside it), once the errors show. */
function focusFirstInvalid(form: HTMLFormElement | null) {
  requestAnimationFrame(() => {
    const invalid = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    const control = invalid?.matches('input, textarea, button')
      ? invalid
      : invalid?.querySelector<HTMLElement>('input, textarea, button');
    control?.focus();
  });
}
