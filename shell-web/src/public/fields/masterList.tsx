import { ActionIcon, Loader, Tooltip, type ComboboxItem, type SelectProps } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { MasterOptionsState } from '../../options';

/** Said in a select whose list could not be asked of the host. */
export const LIST_FAILED = 'The list could not be loaded';

/**
 * What a select of a host list shows while the list loads (a spinner) or after it failed
 * (the failure, and a button that asks again).
 */
export function listStateProps(
  state: MasterOptionsState,
  nothingFound: string,
): Pick<SelectProps, 'rightSection' | 'nothingFoundMessage' | 'rightSectionPointerEvents'> {
  if (state.loading) {
    return { rightSection: <Loader size="xs" aria-label="Loading the list" />, nothingFoundMessage: 'Loading…' };
  }
  if (state.failed) {
    return {
      rightSection: (
        <Tooltip label="Load the list again">
          <ActionIcon variant="subtle" aria-label="Load the list again" onClick={state.retry}>
            <IconRefresh size={16} />
          </ActionIcon>
        </Tooltip>
      ),
      rightSectionPointerEvents: 'all',
      nothingFoundMessage: LIST_FAILED,
    };
  }
  return { nothingFoundMessage: nothingFound };
}

/**
 * The items with the chosen value added when the list lacks it (an entry deactivated since
 * it was chosen, or the list not yet loaded), so the field still shows what is stored.
 */
export function withChosen(items: ComboboxItem[], value: unknown): ComboboxItem[] {
  if (typeof value !== 'string' || value === '' || items.some((item) => item.value === value)) return items;
  return [...items, { value, label: value }];
}
