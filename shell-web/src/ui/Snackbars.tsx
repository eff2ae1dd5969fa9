import type { CSSProperties } from 'react';
import { Notifications } from '@mantine/notifications';
import { useSnackbarPlacement } from './snackbarPlacement';
import classes from './notify.module.css';

/** The snackbar host: top centre, above every dialog, moved aside or down to keep an open dialog's header clear. */
export function Snackbars() {
  const placement = useSnackbarPlacement();
  const style = placement
    ? ({
        '--snackbar-top': `${placement.top}px`,
        '--snackbar-centre': `${placement.centre}px`,
        '--snackbar-width': `${placement.width}px`,
      } as CSSProperties)
    : undefined;
  return <Notifications position="top-center" zIndex={4000} className={classes.host} style={style} />;
}
