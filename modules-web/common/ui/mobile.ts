import { useMediaQuery } from '@mantine/hooks';

/** Phones and narrow windows (Mantine's `sm` breakpoint): dialogs and drawers go full screen there. */
export function useIsMobile(): boolean {
  return useMediaQuery('(max-width: 48em)') ?? false;
}
