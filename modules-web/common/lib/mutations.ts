/** Changes through a module's plugin: the mutation hook, and the calls that change a versioned record. */

import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useModuleApi, type ApiClient } from '@autoscope/web-sdk';

/** A call to the module's plugin that changes something, and what the cache does after it succeeded. */
export function useModuleMutation<Variables, Result>(
  call: (api: ApiClient, variables: Variables) => Promise<Result>,
  changed: (client: QueryClient, result: Result, variables: Variables) => void,
) {
  const api = useModuleApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (variables: Variables) => call(api, variables),
    onSuccess: (result, variables) => changed(client, result, variables),
  });
}

/** A record's id and the version a change or deletion was made on. */
export interface RecordVersion {
  id: string;
  version: number;
}

/** `PATCH <path(id)>` with the version the changes were made on: 409 when someone saved first. */
export function patchVersioned<Result, Changes>(path: (id: string) => string) {
  return (api: ApiClient, { id, version, changes }: RecordVersion & { changes: Changes }) =>
    api.patch<Result>(path(id), { version, ...changes });
}

/** `DELETE <path(id)>?version=`: 409 when someone saved first. */
export function deleteVersioned(path: (id: string) => string) {
  return (api: ApiClient, { id, version }: RecordVersion) =>
    api.delete<{ message: string }>(path(id), undefined, { query: { version } });
}
