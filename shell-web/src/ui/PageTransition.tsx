import type { ReactNode } from 'react';
import classes from './PageTransition.module.css';

/** Fades a page in over 0.4 s. Give it a `key` per path to replay. */
export function PageTransition({ children }: { children: ReactNode }) {
  return <div className={classes.page}>{children}</div>;
}
