import { notifications } from '@mantine/notifications';
import classes from './notify.module.css';

/** How long a snackbar shows: 3 s, and 4 s on the sign-up screens. */
export const NOTICE_MS = 3000;
export const SIGN_UP_NOTICE_MS = 4000;

interface NotifyOptions {
  signUp?: boolean;
}

function show(message: string, kind: 'success' | 'failure', opts?: NotifyOptions) {
  notifications.show({
    message,
    position: 'top-center',
    autoClose: opts?.signUp ? SIGN_UP_NOTICE_MS : NOTICE_MS,
    withCloseButton: true,
    classNames: { root: classes[kind], description: classes.text, closeButton: classes.close },
    // A failure is announced at once to screen readers; a success politely.
    role: kind === 'failure' ? 'alert' : 'status',
    'data-notice': kind,
  });
}

/** A dark blue snackbar at the top centre. */
export function notifySuccess(message: string, opts?: NotifyOptions): void {
  show(message, 'success', opts);
}

/** An orange snackbar at the top centre. */
export function notifyFailure(message: string, opts?: NotifyOptions): void {
  show(message, 'failure', opts);
}
