import { Center, Loader, Stack, Text } from '@mantine/core';

export const LOADING_TEXT = 'Please wait while we load the preview...!';

/** What shows while a page (or its data) is on its way. */
export function Loading() {
  return (
    <Center mih="60vh" p="md" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader />
        <Text c="dimmed">{LOADING_TEXT}</Text>
      </Stack>
    </Center>
  );
}
