import { useState } from 'react';
import { Alert, Badge, Button, FileInput, Group, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { IconCheck, IconDownload, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { useNotify } from '@autoscope/web-sdk';

import { saveCsv } from '@common/lib/csv';
import { errorMessage } from '@common/lib/errors';
import { formatNumber } from '@common/lib/format';
import { ResponsiveModal, type DialogProps } from '@common/ui/ResponsiveModal';
import { TableHead } from '@common/ui/TableHead';
import { useImportProcesses } from '../api';
import {
  IMPORT_COLUMNS,
  MAX_IMPORT_ROWS,
  TOO_MANY_ROWS,
  importColumnOf,
  importRow,
  importTemplateCsv,
  isBlankRecord,
  type ImportRow,
} from '../csv';
import type { ImportResult } from '../types';

interface ParsedFile {
  name: string;
  rows: ImportRow[];
  columns: string[];
  ignored: string[];
}

/** Reads a CSV file into import rows, or says why it cannot be imported. */
async function parseFile(file: File): Promise<ParsedFile | string> {
  // The parser loads with the first import, not with the page.
  const { default: Papa } = await import('papaparse');
  const parsed = Papa.parse<Record<string, string | undefined>>(await file.text(), {
    header: true,
    skipEmptyLines: 'greedy',
  });
  const headers = (parsed.meta.fields ?? []).filter((header) => header.trim() !== '');
  const columns = headers.filter((header) => importColumnOf(header) !== undefined);
  if (!columns.some((header) => importColumnOf(header) === 'name')) return 'The file needs a name column';
  const records = parsed.data.filter((record) => !isBlankRecord(record));
  if (records.length === 0) return 'The file has no rows to import';
  if (records.length > MAX_IMPORT_ROWS) return `${TOO_MANY_ROWS}; this file has ${formatNumber(records.length)}`;
  return {
    name: file.name,
    rows: records.map(importRow),
    columns,
    ignored: headers.filter((header) => importColumnOf(header) === undefined),
  };
}

/** "Import CSV": pick a file, check it, import it, and show which rows were refused and why. */
export function ImportCsv(dialog: DialogProps) {
  return (
    <ResponsiveModal {...dialog} title="Import processes from CSV" size="xl">
      <ImportCsvBody onClose={dialog.onClose} />
    </ResponsiveModal>
  );
}

function ImportCsvBody({ onClose }: { onClose: () => void }) {
  const notify = useNotify();
  const importProcesses = useImportProcesses();
  const [file, setFile] = useState<File | null>(null);
  const [parsed, setParsed] = useState<ParsedFile | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setParsed(null);
    setProblem(null);
    setResult(null);
    importProcesses.reset();
    if (!chosen) return;
    try {
      const outcome = await parseFile(chosen);
      if (typeof outcome === 'string') setProblem(outcome);
      else setParsed(outcome);
    } catch {
      setProblem('The file could not be read');
    }
  };

  const runImport = async () => {
    if (!parsed) return;
    try {
      const answer = await importProcesses.mutateAsync(parsed.rows);
      setResult(answer);
      if (answer.created > 0) notify.success(`${formatNumber(answer.created)} processes imported`);
    } catch {
      // Shown below with the server's message.
    }
  };

  const downloadTemplate = () => saveCsv(importTemplateCsv(), 'process-import-template.csv');

  if (result && parsed) {
    return <ImportReport result={result} rows={parsed.rows} onAgain={() => void choose(null)} onClose={onClose} />;
  }

  return (
    <Stack gap="md">
      <Text size="sm">
        One process per row, with a header line. Columns: {IMPORT_COLUMNS.join(', ')}. Only name is required; separate
        several applications with “;”. Owners are given by e-mail address.
      </Text>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <FileInput
          label="CSV file"
          placeholder="Choose a file"
          accept=".csv,text/csv"
          value={file}
          onChange={(chosen) => void choose(chosen)}
          leftSection={<IconFileSpreadsheet size={16} />}
          clearable
          style={{ flex: '1 1 260px' }}
          data-autofocus
        />
        <Button variant="subtle" leftSection={<IconDownload size={16} />} onClick={downloadTemplate}>
          Download template
        </Button>
      </Group>
      {problem && (
        <Alert color="red" variant="light" role="alert">
          {problem}
        </Alert>
      )}
      {parsed && (
        <Stack gap="xs">
          <Text size="sm" fw={500}>
            {formatNumber(parsed.rows.length)} {parsed.rows.length === 1 ? 'row' : 'rows'} ready to import from{' '}
            {parsed.name}
          </Text>
          <Group gap={6}>
            {parsed.columns.map((column) => (
              <Badge key={column} variant="light">
                {column}
              </Badge>
            ))}
          </Group>
          {parsed.ignored.length > 0 && (
            <Text size="xs" c="dimmed">
              Ignored columns: {parsed.ignored.join(', ')}
            </Text>
          )}
        </Stack>
      )}
      {importProcesses.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(importProcesses.error)}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button
          leftSection={<IconUpload size={16} />}
          onClick={() => void runImport()}
          disabled={!parsed}
          loading={importProcesses.isPending}
        >
          Import
        </Button>
      </Group>
    </Stack>
  );
}

interface ImportReportProps {
  result: ImportResult;
  rows: ImportRow[];
  onAgain: () => void;
  onClose: () => void;
}

/** What an import did: how many were created, and each refused row with the plugin's reason. */
function ImportReport({ result, rows, onAgain, onClose }: ImportReportProps) {
  const refused = result.errors.length;
  return (
    <Stack gap="md">
      <Alert
        color={result.created > 0 ? 'green' : 'yellow'}
        variant="light"
        icon={<IconCheck size={18} />}
        title={
          result.created > 0
            ? `${formatNumber(result.created)} ${result.created === 1 ? 'process' : 'processes'} imported`
            : 'No process was imported'
        }
      >
        {refused === 0
          ? 'Every row was imported.'
          : `${formatNumber(refused)} ${refused === 1 ? 'row was' : 'rows were'} not imported. Fix ${
              refused === 1 ? 'it' : 'them'
            } in the file and import only those rows again.`}
      </Alert>
      {refused > 0 && (
        <ScrollArea.Autosize mah={320} type="auto">
          <Table striped withTableBorder stickyHeader>
            <TableHead columns={['Row', 'Name', 'Problem']} />
            <Table.Tbody>
              {result.errors.map((error) => (
                <Table.Tr key={`${error.row}:${error.message}`}>
                  <Table.Td>{error.row}</Table.Td>
                  <Table.Td>{rows[error.row - 1]?.name || '—'}</Table.Td>
                  <Table.Td>{error.message}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
      {refused > 0 && (
        <Text size="xs" c="dimmed">
          Rows are counted from the first line after the header, blank lines left out.
        </Text>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onAgain}>
          Import another file
        </Button>
        <Button onClick={onClose}>Done</Button>
      </Group>
    </Stack>
  );
}
