import { Skeleton, Stack } from '@mantine/core';

/** Placeholder rows while a list loads. */
export function LoadingRows({ count, height }: { count: number; height: number }) {
  return (
    <Stack gap="sm">
      {Array.from({ length: count }, (_, row) => (
        <Skeleton key={row} height={height} />
      ))}
    </Stack>
  );
}
