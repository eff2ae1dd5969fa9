import { Modal, type ModalProps } from '@mantine/core';

import { useIsMobile } from './mobile';

/** What every dialog takes from the page that opens it. */
export interface DialogProps {
  opened: boolean;
  onClose: () => void;
  /** Above the default: for a dialog opened from a drawer. */
  zIndex?: number;
}

/** A modal that fills the screen on a phone. */
export function ResponsiveModal(props: ModalProps) {
  const isMobile = useIsMobile();
  return <Modal fullScreen={isMobile} {...props} />;
}
