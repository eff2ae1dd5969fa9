import { IconLock } from '@tabler/icons-react';

/** Props of a field the visitor cannot change (filled in by a provider, or the invited address): read-only, and drawn so. */
export function locked(isLocked: boolean) {
  return isLocked
    ? { readOnly: true, variant: 'filled', rightSection: <IconLock size={14} aria-hidden />, 'data-locked': true }
    : {};
}
