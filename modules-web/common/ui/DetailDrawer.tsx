import type { ReactNode } from 'react';
import { Drawer } from '@mantine/core';

import { useIsMobile } from './mobile';

interface DetailDrawerProps {
  opened: boolean;
  onClose: () => void;
  /** False while a dialog opened from the drawer is above it: Escape closes that one only. */
  closeOnEscape?: boolean;
  /** The record's name (it wraps, however long). */
  title: ReactNode;
  size?: 'lg' | 'xl';
  children: ReactNode;
}

/** One record of a list, beside it: from the right, full screen on a phone. */
export function DetailDrawer({
  opened,
  onClose,
  closeOnEscape = true,
  title,
  size = 'xl',
  children,
}: DetailDrawerProps) {
  const isMobile = useIsMobile();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={isMobile ? '100%' : size}
      closeOnEscape={closeOnEscape}
      title={title}
    >
      {children}
    </Drawer>
  );
}
