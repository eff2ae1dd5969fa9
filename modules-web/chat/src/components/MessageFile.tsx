import { Button, Image, Skeleton, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useNotify } from '@autoscope/web-sdk';

import { useFileDownload } from '@common/lib/fileDownload';
import { errorMessage } from '@common/lib/errors';
import { useFileContent } from '../api';
import { dataUrl, fileCaption } from '../attachments';
import type { FileView } from '../types';

const filePath = (id: string) => `/files/${encodeURIComponent(id)}`;

/** A message's file: an image shown inline (from its content as a data URL), another file to download. */
export function MessageFile({ file }: { file: FileView }) {
  return file.image ? <InlineImage file={file} /> : <DownloadButton file={file} />;
}

function InlineImage({ file }: { file: FileView }) {
  const content = useFileContent(file.id);
  if (content.isPending) return <Skeleton height={120} width={180} radius="sm" aria-label={`Loading ${file.name}`} />;
  if (content.isError) {
    return (
      <Text size="xs" c="red">
        {file.name}: {errorMessage(content.error)}
      </Text>
    );
  }
  return (
    <Image
      src={dataUrl(content.data.mime || file.mime, content.data.data)}
      alt={file.name}
      maw={320}
      mah={240}
      w="auto"
      fit="contain"
      radius="sm"
    />
  );
}

function DownloadButton({ file }: { file: FileView }) {
  const download = useFileDownload(filePath);
  const notify = useNotify();
  return (
    <Button
      variant="default"
      size="xs"
      leftSection={<IconDownload size={14} />}
      loading={download.isPending}
      aria-label={`Download ${file.name}`}
      onClick={() => download.mutate(file.id, { onError: (error) => notify.error(error) })}
    >
      {fileCaption(file)}
    </Button>
  );
}
