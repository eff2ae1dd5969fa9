import { Divider, Stack } from '@mantine/core';

import { DetailDrawer } from '@common/ui/DetailDrawer';
import { AboveProvider, useDialogsAbove } from './above';
import { FeedSection } from './FeedSection';
import { ImportExportSection } from './ImportExportSection';
import { NonWorkingSection } from './NonWorkingSection';

interface SettingsDrawerProps {
  opened: boolean;
  onClose: () => void;
  /** `YYYY-MM-DD` in the person's zone. */
  today: string;
  zone: string;
  companyAdmin: boolean;
}

/** The calendar's settings: subscription URL, export and import, the company's non-working days. */
export function SettingsDrawer({ opened, onClose, today, zone, companyAdmin }: SettingsDrawerProps) {
  const above = useDialogsAbove();
  return (
    <DetailDrawer opened={opened} onClose={onClose} closeOnEscape={!above.anyAbove} title="Calendar settings" size="lg">
      <AboveProvider value={above.report}>
        <Stack gap="lg">
          <FeedSection />
          <Divider />
          <ImportExportSection today={today} />
          <Divider />
          <NonWorkingSection today={today} zone={zone} canChange={companyAdmin} />
        </Stack>
      </AboveProvider>
    </DetailDrawer>
  );
}
