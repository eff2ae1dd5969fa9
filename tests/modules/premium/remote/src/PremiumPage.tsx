import { useEffect, useState } from 'react';
import { Text } from '@mantine/core';
import { isAbortError, useModuleApi, useNotify, usePageTitle } from '@autoscope/web-sdk';

/** Shown only to users whose rights open `databaseIntegration` (enterprise companies). */
export default function PremiumPage() {
  const api = useModuleApi();
  const notify = useNotify();
  const [pong, setPong] = useState<boolean | null>(null);

  usePageTitle({ heading: 'Premium records' });

  useEffect(() => {
    const controller = new AbortController();
    api
      .get<{ pong: boolean }>('/ping', { signal: controller.signal })
      .then((answer) => setPong(answer.pong))
      .catch((err: unknown) => {
        if (!isAbortError(err)) notify.error(err);
      });
    return () => controller.abort();
  }, [api, notify]);

  return <Text data-testid="premium-page">{pong ? 'The premium module answers' : 'Asking the premium module...'}</Text>;
}
