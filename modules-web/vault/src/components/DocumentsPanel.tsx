import { Skeleton } from '@mantine/core';

import { DeleteFile, FilesPanel } from '@common/ui/FilesPanel';
import type { PeopleIndex } from '@common/domain/people';
import { QueryError } from '@common/ui/QueryError';
import type { DialogProps } from '@common/ui/ResponsiveModal';
import { useDeleteDocument, useDocuments, useDownloadDocument, useUploadDocument } from '../api';
import { DOCUMENT_RULES } from '../documents';
import type { DocumentMeta } from '../types';

interface DocumentsPanelProps {
  processId: string;
  people: PeopleIndex;
  onDelete: (document: DocumentMeta) => void;
}

/** A process's documents: upload (checked here first), download, and delete (asked by the overview). */
export function DocumentsPanel({ processId, people, onDelete }: DocumentsPanelProps) {
  const documents = useDocuments(processId);
  const upload = useUploadDocument(processId);
  const download = useDownloadDocument();
  return (
    <FilesPanel
      // A failed refresh shows its error instead of the list, as a failed first load does.
      files={documents.isSuccess ? documents.data : null}
      fallback={
        documents.isPending ? (
          <Skeleton height={48} />
        ) : (
          <QueryError
            title="The documents could not be loaded"
            error={documents.error}
            onRetry={() => void documents.refetch()}
          />
        )
      }
      rules={DOCUMENT_RULES}
      upload={upload}
      uploadLabel="Upload document"
      uploadedMessage="Document uploaded"
      emptyText={
        'No documents yet. Add process maps, screenshots or work instructions (PDF, images, Office, Visio, ' +
        'BPMN, text or CSV; up to 2 MB each).'
      }
      download={download}
      onDelete={onDelete}
      people={people}
      minWidth={520}
    />
  );
}

/** Deletes one document of a process after asking (keyed by each opening, as `DeleteFile` wants). */
export function DeleteDocument({
  processId,
  document,
  ...dialog
}: DialogProps & { processId: string; document: DocumentMeta | null }) {
  const remove = useDeleteDocument(processId);
  return <DeleteFile {...dialog} title="Delete document" file={document} remove={remove} />;
}
