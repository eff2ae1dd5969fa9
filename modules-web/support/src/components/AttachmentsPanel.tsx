import { DeleteFile, FilesPanel } from '@common/ui/FilesPanel';
import type { PeopleIndex } from '@common/domain/people';
import type { DialogProps } from '@common/ui/ResponsiveModal';
import { useDeleteAttachment, useDownloadAttachment, useUploadAttachment } from '../api';
import { ATTACHMENT_RULES } from '../attachments';
import type { AttachmentMeta } from '../types';

interface AttachmentsPanelProps {
  ticketId: string;
  attachments: readonly AttachmentMeta[];
  people: PeopleIndex;
  onDelete: (attachment: AttachmentMeta) => void;
}

/** A ticket's files: upload (type, size and content checked here first), download, delete (asked by the drawer). */
export function AttachmentsPanel({ ticketId, attachments, people, onDelete }: AttachmentsPanelProps) {
  const upload = useUploadAttachment(ticketId);
  const download = useDownloadAttachment();
  return (
    <FilesPanel
      files={attachments}
      rules={ATTACHMENT_RULES}
      upload={upload}
      uploadLabel="Upload file"
      uploadedMessage="Attachment uploaded"
      emptyText={
        'No attachments yet. Add screenshots, logs or documents (PDF, images, Office, text, CSV, log or JSON; ' +
        'up to 5 MB each).'
      }
      download={download}
      onDelete={onDelete}
      people={people}
      minWidth={480}
    />
  );
}

/** Deletes one attachment of a ticket after asking (keyed by each opening, as `DeleteFile` wants). */
export function DeleteAttachment({
  ticketId,
  attachment,
  ...dialog
}: DialogProps & { ticketId: string; attachment: AttachmentMeta | null }) {
  const remove = useDeleteAttachment(ticketId);
  return <DeleteFile {...dialog} title="Delete attachment" file={attachment} remove={remove} />;
}
