import { useState, type FormEvent } from 'react';
import { Button, Group, NumberInput, Paper, Skeleton, Text, Title } from '@mantine/core';
import { useCurrentUser, useNotify } from '@autoscope/web-sdk';

import { errorMessage } from '@common/lib/errors';
import { toNumberValue, type NumberValue } from '@common/lib/forms';
import { QueryError } from '@common/ui/QueryError';
import { useSaveSettings, useSettings } from '../api';
import { quietDaysProblem } from '../settings';

/**
 * The company's quiet days: after this many days without a failure, a signature's ticket is
 * offered for closing. Company admins change it; others read it.
 */
export function QuietDaysSettings() {
  const settings = useSettings();
  const companyAdmin = useCurrentUser()?.companyAdmin ?? false;

  let body;
  if (settings.isError && !settings.data) {
    body = (
      <QueryError
        title="The settings could not be loaded"
        error={settings.error}
        onRetry={() => void settings.refetch()}
      />
    );
  } else if (!settings.data) {
    body = <Skeleton height={36} aria-label="Loading the settings" />;
  } else if (companyAdmin) {
    body = <QuietDaysForm key={settings.data.quiet_days} saved={settings.data.quiet_days} />;
  } else {
    body = (
      <Text size="sm">
        A signature’s ticket is offered for closing after {settings.data.quiet_days} days without a failure. A company
        admin can change this.
      </Text>
    );
  }

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="alerts-quiet-days-title">
      <Title order={2} size="h5" id="alerts-quiet-days-title" mb="xs">
        Quiet signatures
      </Title>
      {body}
    </Paper>
  );
}

function QuietDaysForm({ saved }: { saved: number }) {
  const notify = useNotify();
  const save = useSaveSettings();
  const [days, setDays] = useState<NumberValue>(saved);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = quietDaysProblem(days);
    if (found) {
      setProblem(found);
      return;
    }
    save.mutate(
      { quiet_days: Number(days) },
      {
        onSuccess: () => notify.success('Settings saved'),
        onError: (error) => setProblem(errorMessage(error)),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <NumberInput
          label="Offer to close a signature's ticket after (quiet days)"
          description="Days without a failure of the signature, 1 to 90"
          value={days}
          onChange={(value) => {
            setDays(toNumberValue(value));
            setProblem(null);
          }}
          error={problem}
          min={1}
          max={90}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          w={{ base: '100%', sm: 380 }}
        />
        <Button type="submit" loading={save.isPending} disabled={days === saved} mt={{ base: 0, sm: 46 }}>
          Save
        </Button>
      </Group>
    </form>
  );
}
