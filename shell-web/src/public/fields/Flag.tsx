import { flagUrl } from '../../options/flags';
import classes from './fields.module.css';

/** A country's flag image, or nothing when world-countries has none. */
export function Flag({ code3 }: { code3: string }) {
  const src = flagUrl(code3);
  return src ? <img className={classes.flag} src={src} alt="" width={20} height={15} loading="lazy" /> : null;
}
