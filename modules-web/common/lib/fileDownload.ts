/** Downloads of stored files: the plugin answers a file's content as base64, the browser saves it. */

import { useMutation } from '@tanstack/react-query';
import { saveBlob, useModuleApi } from '@autoscope/web-sdk';

import { base64ToBlob } from './files';

/** A stored file with its content (`GET` of one document or attachment). */
export interface FileContent {
  id: string;
  name: string;
  mime: string | null;
  size: number;
  /** The content, base64. */
  data: string;
}

/** Fetches a file's content from `pathOf(id)` of the module's API and has the browser save it under its name. */
export function useFileDownload(pathOf: (id: string) => string) {
  const api = useModuleApi();
  return useMutation({
    mutationFn: async (id: string) => {
      const file = await api.get<FileContent>(pathOf(id));
      saveBlob(base64ToBlob(file.data, file.mime), file.name);
    },
  });
}
