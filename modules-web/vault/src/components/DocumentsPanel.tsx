import { useRef, useState } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  FileButton,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconDownload, IconFile, IconTrash, IconUpload } from '@tabler/icons-react';
import { useNotify } from '@autoscope/web-sdk';

import { errorMessage } from '../../../common/src/errors';
import { formatDate } from '../../../common/src/format';
import { nameOf, type PeopleIndex } from '../../../common/src/people';
import { QueryError } from '../../../common/src/QueryError';
import { useDocuments, useDownloadDocument, useUploadDocument } from '../api';
import { ACCEPTED_EXTENSIONS, MAX_DOCUMENTS, mimeOf, readAsBase64, uploadProblem } from '../documents';
import { formatFileSize } from '../format';
import type { DocumentMeta } from '../types';
import { TableHead } from './TableHead';

interface DocumentsPanelProps {
  processId: string;
  people: PeopleIndex;
  onDelete: (document: DocumentMeta) => void;
}

/** A process's documents: upload (checked here first), download, and delete (asked by the overview). */
export function DocumentsPanel({ processId, people, onDelete }: DocumentsPanelProps) {
  const notify = useNotify();
  const documents = useDocuments(processId);
  const upload = useUploadDocument(processId);
  const download = useDownloadDocument();
  /** Why the last upload was refused, by the browser's check or the server. */
  const [uploadError, setUploadError] = useState<string | null>(null);
  const count = documents.data?.length ?? 0;
  // Cleared after each pick, so choosing the same file again is noticed.
  const resetPicker = useRef<() => void>(null);

  const send = async (file: File | null) => {
    resetPicker.current?.();
    if (!file) return;
    setUploadError(null);
    const problem = uploadProblem(file, count);
    const mime = mimeOf(file.name);
    if (problem || !mime) {
      setUploadError(problem);
      return;
    }
    try {
      await upload.mutateAsync({ name: file.name, mime, data: await readAsBase64(file) });
      notify.success('Document uploaded');
    } catch (error) {
      setUploadError(errorMessage(error));
    }
  };

  let body;
  if (documents.isPending) {
    body = <Skeleton height={48} />;
  } else if (documents.isError) {
    body = (
      <QueryError
        title="The documents could not be loaded"
        error={documents.error}
        onRetry={() => void documents.refetch()}
      />
    );
  } else if (documents.data.length === 0) {
    body = (
      <Text size="sm" c="dimmed">
        No documents yet. Add process maps, screenshots or work instructions (PDF, images, Office, Visio, BPMN, text or
        CSV; up to 2 MB each).
      </Text>
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={520} type="native">
        <Table verticalSpacing="xs">
          <TableHead
            columns={['Name', 'Size', 'Uploaded by', 'Date', <VisuallyHidden key="actions">Actions</VisuallyHidden>]}
          />
          <Table.Tbody>
            {documents.data.map((document) => (
              <Table.Tr key={document.id}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  <Group gap={6} wrap="nowrap">
                    <IconFile size={16} aria-hidden />
                    {document.name}
                  </Group>
                </Table.Td>
                <Table.Td>{formatFileSize(document.size)}</Table.Td>
                <Table.Td>{nameOf(people, document.uploaded_by) ?? '—'}</Table.Td>
                <Table.Td>{formatDate(document.created_at)}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap" justify="flex-end">
                    <Tooltip label="Download">
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Download ${document.name}`}
                        loading={download.isPending && download.variables === document.id}
                        onClick={() =>
                          download.mutate(document.id, { onError: (error) => notify.error(error) })
                        }
                      >
                        <IconDownload size={16} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label="Delete">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Delete ${document.name}`}
                        onClick={() => onDelete(document)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed">
          {documents.isSuccess ? `${count} of ${MAX_DOCUMENTS}` : ''}
        </Text>
        <FileButton onChange={(file) => void send(file)} accept={ACCEPTED_EXTENSIONS} resetRef={resetPicker}>
          {(props) => (
            <Button
              {...props}
              size="xs"
              variant="light"
              leftSection={<IconUpload size={14} />}
              loading={upload.isPending}
              disabled={!documents.isSuccess || count >= MAX_DOCUMENTS}
            >
              Upload document
            </Button>
          )}
        </FileButton>
      </Group>
      {uploadError && (
        <Alert color="red" variant="light" role="alert" withCloseButton onClose={() => setUploadError(null)}>
          {uploadError}
        </Alert>
      )}
      {body}
    </Stack>
  );
}
