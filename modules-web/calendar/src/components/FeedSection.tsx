import { useState } from 'react';
import { Alert, Button, CopyButton, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useNotify } from '@autoscope/web-sdk';

import { errorMessage } from '@common/lib/errors';
import { ConfirmModal } from '@common/ui/ConfirmModal';
import { QueryError } from '@common/ui/QueryError';
import { useChangeFeed, useFeed } from '../api';
import { useAbove } from './above';

/**
 * The person's private subscription URL (GET/POST/DELETE /feed): make, copy, replace, turn off. The
 * plugin keeps only the URL's hash, so the URL shows once, in the answer that makes it.
 */
export function FeedSection() {
  const feed = useFeed();
  const change = useChangeFeed();
  const notify = useNotify();
  const [confirming, setConfirming] = useState(false);
  useAbove(confirming);

  const make = () =>
    change.mutate('new', {
      onSuccess: () => {
        setConfirming(false);
        notify('New subscription URL made');
      },
    });

  return (
    <Stack gap="xs">
      <Title order={4}>Subscription</Title>
      <Text size="sm" c="dimmed">
        Add your private URL to another calendar app to see your events there. Anyone with it can read your calendar.
      </Text>
      {feed.isPending ? (
        <Skeleton h={36} />
      ) : feed.isError ? (
        <QueryError
          title="The subscription could not be loaded"
          error={feed.error}
          onRetry={() => void feed.refetch()}
        />
      ) : feed.data.active ? (
        <>
          {feed.data.url ? (
            <>
              <Group gap="xs" wrap="nowrap" align="flex-end">
                <TextInput
                  label="Subscription URL"
                  value={feed.data.url}
                  readOnly
                  style={{ flex: 1 }}
                  onFocus={(event) => event.currentTarget.select()}
                />
                <CopyButton value={feed.data.url}>
                  {({ copied, copy }) => (
                    <Button
                      variant="light"
                      leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                      onClick={copy}
                    >
                      {copied ? 'Copied' : 'Copy'}
                    </Button>
                  )}
                </CopyButton>
              </Group>
              <Text size="xs" c="dimmed">
                Copy it now: it is not shown again.
              </Text>
            </>
          ) : (
            <Text size="sm">
              The subscription is on. Its URL was shown when it was made; make a new one to see a URL again.
            </Text>
          )}
          <Group gap="xs">
            <Button variant="default" size="xs" onClick={() => setConfirming(true)}>
              New URL
            </Button>
            <Button
              variant="subtle"
              color="red"
              size="xs"
              loading={change.isPending && change.variables === 'off'}
              onClick={() => change.mutate('off', { onSuccess: () => notify('Subscription turned off') })}
            >
              Turn off
            </Button>
          </Group>
        </>
      ) : (
        <Group>
          <Text size="sm">The subscription is off.</Text>
          <Button size="xs" loading={change.isPending} onClick={make}>
            Turn on
          </Button>
        </Group>
      )}
      {change.isError && !confirming && (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(change.error)}
        </Alert>
      )}
      <ConfirmModal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="New subscription URL"
        confirmLabel="Make a new URL"
        onConfirm={make}
        action={change}
        zIndex={400}
      >
        The current URL stops working: calendar apps that use it must be given the new one.
      </ConfirmModal>
    </Stack>
  );
}
