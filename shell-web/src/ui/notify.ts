import { notifications } from '@mantine/notifications';
import type { NotifyKind } from '@autoscope/web-sdk';
import classes from './notify.module.css';

/** How long a snackbar shows: 3 s, and 4 s on the sign-up screens. */
export const NOTICE_MS = 3000;
export const SIGN_UP_NOTICE_MS = 4000;
/** A warning says what was left out: long enough to read a sentence. */
const WARNING_MS = 8000;

interface NotifyOptions {
  signUp?: boolean;
}

/** One snackbar at a time: a new one replaces the one showing, so the newest is never queued behind it. */
function show(message: string, kind: NotifyKind, opts?: NotifyOptions) {
  const lasts = kind === 'warning' ? WARNING_MS : opts?.signUp ? SIGN_UP_NOTICE_MS : NOTICE_MS;
  notifications.clean();
  notifications.show({
    message,
    position: 'top-center',
    autoClose: lasts,
    withCloseButton: true,
    classNames: { root: classes[kind], description: classes.text, closeButton: classes.close },
    // A failure or a warning is announced at once to screen readers; a success politely.
    role: kind === 'success' ? 'status' : 'alert',
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

/** The snackbar of `kind` (a warning is amber and shown longer: done, but not all of it). */
export function notify(message: string, kind: NotifyKind): void {
  show(message, kind);
}
