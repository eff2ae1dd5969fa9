import { useEffect, useState } from 'react';
import { Card, Loader, Text } from '@mantine/core';
import { isAbortError, useModuleApi, useNotify } from '@autoscope/web-sdk';

/** The test module's summary for /DashboardDefault: how many items there are. */
export default function ItemsWidget() {
  const api = useModuleApi();
  const notify = useNotify();
  const [count, setCount] = useState<number | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    api
      .get<{ count: number }>('/count', { signal: controller.signal })
      .then((answer) => setCount(answer.count))
      .catch((err: unknown) => {
        if (!isAbortError(err)) notify.error(err);
      });
    return () => controller.abort();
  }, [api, notify]);

  return (
    <Card withBorder data-testid="crud-widget">
      <Text fw={600}>Items</Text>
      {count === null ? <Loader size="sm" aria-label="Loading items" /> : <Text size="xl">{count}</Text>}
    </Card>
  );
}
