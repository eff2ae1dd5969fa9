import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconCalendarSearch } from '@tabler/icons-react';

import { runDataText } from '../runData';
import type { Overview } from '../types';

interface RunDataNoticeProps {
  /** The company's days of run data; null before its first run. */
  runData: Overview['run_data'];
  /** Shows the days with runs; null when they are shown already. */
  onShowRuns: (() => void) | null;
}

/** The range holds no run data: from when to when there is some, and the days with runs a click away. */
export function RunDataNotice({ runData, onShowRuns }: RunDataNoticeProps) {
  return (
    <Alert
      variant="light"
      color="yellow"
      icon={<IconCalendarSearch size={18} />}
      title={runData ? 'No runs in these days' : 'No run data yet'}
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          {runData
            ? `${runDataText(runData)} Estimates, licence costs and ROI count only days with run data.`
            : 'Bots send their runs to Bot Profile through the ingestion API with a company API key. Estimates, licence costs and ROI count from the first run on.'}
        </Text>
        {runData && onShowRuns && (
          <Button variant="light" size="xs" onClick={onShowRuns}>
            Show the days with runs
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
