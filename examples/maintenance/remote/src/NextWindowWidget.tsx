import { useEffect, useState } from 'react';
import { Card, Loader, Text } from '@mantine/core';
import { isAbortError, useModuleApi, useNotify } from '@autoscope/web-sdk';

import { span, type Window } from './windows';

/** Maintenance Windows on the dashboard: the next or current window. */
export default function NextWindowWidget() {
  const api = useModuleApi();
  const notify = useNotify();
  const [next, setNext] = useState<Window | null | undefined>(undefined);

  useEffect(() => {
    const controller = new AbortController();
    api
      .get<{ window: Window | null }>('/windows/next', { signal: controller.signal })
      .then((answer) => setNext(answer.window))
      .catch((err: unknown) => {
        if (!isAbortError(err)) notify.error(err);
      });
    return () => controller.abort();
  }, [api, notify]);

  return (
    <Card withBorder>
      <Text fw={600}>Next maintenance</Text>
      {next === undefined ? (
        <Loader size="sm" aria-label="Loading the next window" />
      ) : next === null ? (
        <Text c="dimmed">None planned</Text>
      ) : (
        <Text>
          {next.title}: {span(next)}
        </Text>
      )}
    </Card>
  );
}
