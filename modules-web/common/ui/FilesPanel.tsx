import { useRef, useState, type ReactNode } from 'react';
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

import { ConfirmModal } from './ConfirmModal';
import { errorMessage } from '@common/lib/errors';
import { formatFileSize, readAsBase64, readBytes, type FileRules } from '@common/lib/files';
import { formatDate } from '@common/lib/format';
import { nameOf, type PeopleIndex } from '@common/domain/people';
import type { DialogProps } from './ResponsiveModal';
import { TableHead } from './TableHead';

/** A stored file as a record lists it (a process's document, a ticket's attachment). */
export interface StoredFile {
  id: string;
  name: string;
  size: number;
  uploaded_by?: string | null;
  created_at?: number;
}

/** A checked file on its way to the plugin, its content base64. */
export interface FileUpload {
  name: string;
  mime: string;
  data: string;
}

interface FilesPanelProps<F extends StoredFile> {
  /** The files; null while they load or when they could not be (`fallback` shows, and nothing can be uploaded). */
  files: readonly F[] | null;
  /** What shows instead of the files while they are null: their loading, or their error. */
  fallback?: ReactNode;
  rules: FileRules;
  /** The upload mutation (`{name, mime, data}`). */
  upload: { mutateAsync: (file: FileUpload) => Promise<unknown>; isPending: boolean };
  /** The upload button's label, and the notification after an upload. */
  uploadLabel: string;
  uploadedMessage: string;
  /** What the panel says while there are no files: what to add, which types, how large. */
  emptyText: string;
  /** The download mutation (`@common/lib/fileDownload`), by file id. */
  download: {
    mutate: (id: string, options: { onError: (error: Error) => void }) => void;
    isPending: boolean;
    variables: string | undefined;
  };
  /** Asks before deleting (the dialog is the drawer's: see `DeleteFile`). */
  onDelete: (file: F) => void;
  people: PeopleIndex;
  /** The table's width below which it scrolls sideways. */
  minWidth: number;
}

/**
 * A record's files: upload (checked here first by the plugin's rules: count, type, size and,
 * where the rules say, content), download, and delete (asked by the caller).
 */
export function FilesPanel<F extends StoredFile>(props: FilesPanelProps<F>) {
  const { files, fallback, rules, upload, uploadLabel, uploadedMessage, emptyText } = props;
  const { download, onDelete, people, minWidth } = props;
  const notify = useNotify();
  /** Why the last upload was refused, by the browser's check or the server. */
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const count = files?.length ?? 0;
  // Cleared after each pick, so choosing the same file again is noticed.
  const resetPicker = useRef<() => void>(null);

  const send = async (file: File | null) => {
    resetPicker.current?.();
    if (!file) return;
    setUploadError(null);
    const mime = rules.mimeOf(file.name);
    const problem = rules.uploadProblem(file, count);
    if (problem || !mime) {
      setUploadError(problem);
      return;
    }
    setReading(true);
    try {
      const mismatch = rules.contentProblem?.(file.name, await readBytes(file)) ?? null;
      if (mismatch) {
        setUploadError(mismatch);
        return;
      }
      await upload.mutateAsync({ name: file.name, mime, data: await readAsBase64(file) });
      notify.success(uploadedMessage);
    } catch (error) {
      setUploadError(errorMessage(error));
    } finally {
      setReading(false);
    }
  };

  let body;
  if (files === null) {
    body = fallback;
  } else if (files.length === 0) {
    body = (
      <Text size="sm" c="dimmed">
        {emptyText}
      </Text>
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={minWidth} type="native">
        <Table verticalSpacing="xs">
          <TableHead
            columns={['Name', 'Size', 'Uploaded by', 'Date', <VisuallyHidden key="actions">Actions</VisuallyHidden>]}
          />
          <Table.Tbody>
            {files.map((file) => (
              <Table.Tr key={file.id}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  <Group gap={6} wrap="nowrap">
                    <IconFile size={16} aria-hidden />
                    {file.name}
                  </Group>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatFileSize(file.size)}</Table.Td>
                <Table.Td>{nameOf(people, file.uploaded_by) ?? '—'}</Table.Td>
                <Table.Td>{formatDate(file.created_at)}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap" justify="flex-end">
                    <Tooltip label="Download">
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Download ${file.name}`}
                        loading={download.isPending && download.variables === file.id}
                        onClick={() => download.mutate(file.id, { onError: (error) => notify.error(error) })}
                      >
                        <IconDownload size={16} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label="Delete">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Delete ${file.name}`}
                        onClick={() => onDelete(file)}
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
          {files === null ? '' : `${count} of ${rules.maxFiles}`}
        </Text>
        <FileButton onChange={(file) => void send(file)} accept={rules.accept} resetRef={resetPicker}>
          {(buttonProps) => (
            <Button
              {...buttonProps}
              size="xs"
              variant="light"
              leftSection={<IconUpload size={14} />}
              loading={reading || upload.isPending}
              disabled={files === null || count >= rules.maxFiles}
            >
              {uploadLabel}
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

interface DeleteFileProps extends DialogProps {
  /** The dialog's title, e.g. "Delete document". */
  title: string;
  file: { id: string; name: string } | null;
  /** The delete mutation, by file id; its failure shows in the dialog. */
  remove: { mutateAsync: (id: string) => Promise<{ message: string }>; isPending: boolean; error: unknown };
}

/** Deletes one file after asking; render it keyed by each opening, so a new ask starts without the last failure. */
export function DeleteFile({ title, file, remove, ...dialog }: DeleteFileProps) {
  const notify = useNotify();

  const confirm = async () => {
    if (!file) return;
    try {
      const answer = await remove.mutateAsync(file.id);
      notify.success(answer.message);
      dialog.onClose();
    } catch {
      // Shown in the dialog with the server's message.
    }
  };

  return (
    <ConfirmModal {...dialog} title={title} confirmLabel="Delete" onConfirm={() => void confirm()} action={remove}>
      Delete “{file?.name}”? This cannot be undone.
    </ConfirmModal>
  );
}
