import { IconCheck, IconPointFilled } from '@tabler/icons-react';
import { passwordConditions } from '../../validation';
import classes from './fields.module.css';

/** The strong-password hint list, ticking each condition the password meets. */
export function PasswordHints({ password }: { password: string }) {
  return (
    <ul className={classes.hints} aria-label="Password requirements">
      {passwordConditions(password).map(({ label, met }) => (
        <li key={label} className={met ? `${classes.hint} ${classes.met}` : classes.hint} data-met={met}>
          {met ? <IconCheck size={14} aria-hidden /> : <IconPointFilled size={14} aria-hidden />}
          {label}
        </li>
      ))}
    </ul>
  );
}
