import { useState } from 'react';
import { Alert, Button, FileInput, Group, List, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconDownload, IconUpload } from '@tabler/icons-react';

import { errorMessage } from '@common/lib/errors';
import { readBytes } from '@common/lib/files';
import { useExportRange, useImportIcs } from '../api';
import { addDays, dayStart } from '../time';
import { MAX_EXPORT_DAYS, MAX_IMPORT_BYTES, MESSAGES } from '../types';

/** Export a range as an .ics file (GET /export); import an .ics file (POST /import) and say what came in. */
export function ImportExportSection({ today }: { today: string }) {
  const exportRange = useExportRange();
  const importIcs = useImportIcs();
  const [from, setFrom] = useState(today);
  const [to, setTo] = useState(addDays(today, 90));
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);

  const fromSeconds = dayStart(from);
  const toSeconds = /^\d{4}-\d{2}-\d{2}$/.test(to) ? dayStart(addDays(to, 1)) : null;
  const rangeError =
    fromSeconds === null || toSeconds === null
      ? 'Choose the first and the last day'
      : toSeconds <= fromSeconds
        ? 'The last day is before the first'
        : toSeconds - fromSeconds > MAX_EXPORT_DAYS * 86400
          ? MESSAGES.EXPORT_TOO_LONG
          : null;

  const runImport = async () => {
    if (!file) return;
    if (file.size > MAX_IMPORT_BYTES) {
      setFileError(MESSAGES.IMPORT_TOO_BIG);
      return;
    }
    setFileError(null);
    // Through a FileReader (readBytes), which jsdom has too.
    importIcs.mutate(new TextDecoder().decode(await readBytes(file)));
  };

  return (
    <Stack gap="md">
      <Stack gap="xs">
        <Title order={4}>Export</Title>
        <Group gap="xs" align="flex-start">
          <TextInput
            type="date"
            label="First day"
            value={from}
            onChange={(event) => setFrom(event.currentTarget.value)}
          />
          <TextInput
            type="date"
            label="Last day"
            value={to}
            onChange={(event) => setTo(event.currentTarget.value)}
            error={rangeError}
          />
        </Group>
        <Group>
          <Button
            variant="light"
            leftSection={<IconDownload size={16} />}
            disabled={rangeError !== null}
            loading={exportRange.isPending}
            onClick={() =>
              fromSeconds !== null && toSeconds !== null && exportRange.mutate({ from: fromSeconds, to: toSeconds })
            }
          >
            Export .ics
          </Button>
        </Group>
        {exportRange.isError && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(exportRange.error)}
          </Alert>
        )}
      </Stack>
      <Stack gap="xs">
        <Title order={4}>Import</Title>
        <Text size="sm" c="dimmed">
          Events of an .ics file become events you organise, seen by you only.
        </Text>
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <FileInput
            label=".ics file"
            placeholder="Choose a file"
            accept=".ics,text/calendar"
            value={file}
            onChange={(chosen) => {
              setFile(chosen);
              setFileError(null);
              importIcs.reset();
            }}
            error={fileError}
            clearable
            style={{ flex: 1 }}
          />
          <Button
            leftSection={<IconUpload size={16} />}
            disabled={!file}
            loading={importIcs.isPending}
            onClick={() => void runImport()}
          >
            Import
          </Button>
        </Group>
        {importIcs.isError && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(importIcs.error)}
          </Alert>
        )}
        {importIcs.data && (
          <Alert color={importIcs.data.skipped.length > 0 ? 'yellow' : 'green'} variant="light" role="status">
            <Text size="sm">
              Imported {importIcs.data.imported} {importIcs.data.imported === 1 ? 'event' : 'events'}
              {importIcs.data.skipped.length > 0 && `; ${importIcs.data.skipped.length} skipped:`}
            </Text>
            {importIcs.data.skipped.length > 0 && (
              <List size="sm" mt={4}>
                {importIcs.data.skipped.map((line, index) => (
                  <List.Item key={index}>{line}</List.Item>
                ))}
              </List>
            )}
          </Alert>
        )}
      </Stack>
    </Stack>
  );
}
