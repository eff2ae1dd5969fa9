import { useRef, useState } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  FileButton,
  Group,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconDownload, IconFile, IconTrash, IconUpload } from '@tabler/icons-react';
import { useNotify } from '@autoscope/web-sdk';

import { errorMessage } from '../../../common/src/errors';
import { formatFileSize, readAsBase64 } from '../../../common/src/files';
import { formatDate } from '../../../common/src/format';
import { nameOf, type PeopleIndex } from '../../../common/src/people';
import { useDownloadAttachment, useUploadAttachment } from '../api';
import { ACCEPTED_EXTENSIONS, MAX_ATTACHMENTS, contentProblem, mimeOf, uploadProblem } from '../attachments';
import type { AttachmentMeta } from '../types';

interface AttachmentsPanelProps {
  ticketId: string;
  attachments: readonly AttachmentMeta[];
  people: PeopleIndex;
  onDelete: (attachment: AttachmentMeta) => void;
}

/** A ticket's files: upload (type, size and content checked here first), download, delete (asked by the drawer). */
export function AttachmentsPanel({ ticketId, attachments, people, onDelete }: AttachmentsPanelProps) {
  const notify = useNotify();
  const upload = useUploadAttachment(ticketId);
  const download = useDownloadAttachment();
  /** Why the last upload was refused, by the browser's check or the server. */
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const count = attachments.length;
  // Cleared after each pick, so choosing the same file again is noticed.
  const resetPicker = useRef<() => void>(null);

  const send = async (file: File | null) => {
    resetPicker.current?.();
    if (!file) return;
    setUploadError(null);
    const mime = mimeOf(file.name);
    const problem = uploadProblem(file, count);
    if (problem || !mime) {
      setUploadError(problem);
      return;
    }
    setReading(true);
    try {
      const mismatch = contentProblem(file.name, new Uint8Array(await file.arrayBuffer()));
      if (mismatch) {
        setUploadError(mismatch);
        return;
      }
      await upload.mutateAsync({ name: file.name, mime, data: await readAsBase64(file) });
      notify.success('Attachment uploaded');
    } catch (error) {
      setUploadError(errorMessage(error));
    } finally {
      setReading(false);
    }
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed">
          {count} of {MAX_ATTACHMENTS}
        </Text>
        <FileButton onChange={(file) => void send(file)} accept={ACCEPTED_EXTENSIONS} resetRef={resetPicker}>
          {(props) => (
            <Button
              {...props}
              size="xs"
              variant="light"
              leftSection={<IconUpload size={14} />}
              loading={reading || upload.isPending}
              disabled={count >= MAX_ATTACHMENTS}
            >
              Upload file
            </Button>
          )}
        </FileButton>
      </Group>
      {uploadError && (
        <Alert color="red" variant="light" role="alert" withCloseButton onClose={() => setUploadError(null)}>
          {uploadError}
        </Alert>
      )}
      {count === 0 ? (
        <Text size="sm" c="dimmed">
          No attachments yet. Add screenshots, logs or documents (PDF, images, Office, text, CSV, log or
          JSON; up to 5 MB each).
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={480} type="native">
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Size</Table.Th>
                <Table.Th>Uploaded by</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {attachments.map((attachment) => (
                <Table.Tr key={attachment.id}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    <Group gap={6} wrap="nowrap">
                      <IconFile size={16} aria-hidden />
                      {attachment.name}
                    </Group>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatFileSize(attachment.size)}</Table.Td>
                  <Table.Td>{nameOf(people, attachment.uploaded_by) ?? '—'}</Table.Td>
                  <Table.Td>{formatDate(attachment.created_at)}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap" justify="flex-end">
                      <Tooltip label="Download">
                        <ActionIcon
                          variant="subtle"
                          aria-label={`Download ${attachment.name}`}
                          loading={download.isPending && download.variables === attachment.id}
                          onClick={() => download.mutate(attachment.id, { onError: (error) => notify.error(error) })}
                        >
                          <IconDownload size={16} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label="Delete">
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Delete ${attachment.name}`}
                          onClick={() => onDelete(attachment)}
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
      )}
    </Stack>
  );
}
