import { useMemo } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  NumberInput,
  PasswordInput,
  Select,
  SimpleGrid,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { useNotify, type Connection, type SourceEngine, type TlsMode } from '@autoscope/web-sdk';

import { DialogForm } from '@common/ui/DialogForm';
import { errorMessage } from '@common/lib/errors';
import { useFormState, useFormSubmit } from '@common/lib/forms';
import { ResponsiveModal, type DialogProps } from '@common/ui/ResponsiveModal';
import { useConnectionChanges } from '../api';
import {
  ENGINES,
  TLS_MODES,
  defaultPort,
  draftOf,
  emptyValues,
  fieldOf,
  timeZones,
  validate,
  valuesOf,
  type ConnectionValues,
} from '../connectionForm';

interface ConnectionDialogProps extends DialogProps {
  /** The connection to change; null adds one. */
  connection: Connection | null;
  onSaved: (connection: Connection) => void;
}

/** Adds or changes a connection, with "Test connection" on what is typed before saving. */
export function ConnectionDialog({ connection, onSaved, ...dialog }: ConnectionDialogProps) {
  return (
    <ResponsiveModal {...dialog} title={connection ? `Change ${connection.name}` : 'Add a connection'} size="lg">
      <ConnectionForm connection={connection} onSaved={onSaved} onClose={dialog.onClose} />
    </ResponsiveModal>
  );
}

function ConnectionForm({
  connection,
  onSaved,
  onClose,
}: Pick<ConnectionDialogProps, 'connection' | 'onSaved' | 'onClose'>) {
  const notify = useNotify();
  const { save, test } = useConnectionChanges();
  const form = useFormState<ConnectionValues>(() => (connection ? valuesOf(connection) : emptyValues()));
  const { values, errors, setValue } = form;
  const zones = useMemo(() => timeZones(), []);
  const submit = useFormSubmit(form, {
    validate,
    fieldOf,
    save: async (current) => {
      const saved = await save.mutateAsync({ id: connection?.id ?? null, draft: draftOf(current) });
      notify.success(connection ? 'Connection saved' : 'Connection added');
      onSaved(saved);
      onClose();
    },
  });
  const set = <K extends keyof ConnectionValues>(field: K) => {
    return (value: ConnectionValues[K]) => {
      setValue(field, value);
      test.reset();
    };
  };
  const changeEngine = (engine: SourceEngine) => {
    // The port follows the engine while it is the other engine's default.
    if (values.port === defaultPort(values.engine)) setValue('port', defaultPort(engine));
    set('engine')(engine);
  };
  const runTest = () => {
    const problems = validate(values);
    if (Object.values(problems).some(Boolean)) {
      form.setErrors(problems);
      return;
    }
    test.mutate({ ...(connection ? { id: connection.id } : {}), ...draftOf(values) });
  };

  return (
    <DialogForm submit={submit} submitLabel={connection ? 'Save connection' : 'Add connection'} onCancel={onClose}>
      <TextInput
        label="Name"
        placeholder="UiPath Orchestrator"
        value={values.name}
        onChange={(event) => set('name')(event.currentTarget.value)}
        error={errors.name}
        required
        data-autofocus
      />
      <Select
        label="Engine"
        data={ENGINES.map(({ value, label }) => ({ value, label }))}
        value={values.engine}
        onChange={(value) => value && changeEngine(value as SourceEngine)}
        allowDeselect={false}
        required
      />
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        <TextInput
          label="Host"
          placeholder="db.example.com"
          value={values.host}
          onChange={(event) => set('host')(event.currentTarget.value)}
          error={errors.host}
          required
          style={{ gridColumn: 'span 2' }}
        />
        <NumberInput
          label="Port"
          value={values.port}
          onChange={(value) => set('port')(value)}
          error={errors.port}
          min={1}
          max={65_535}
          allowDecimal={false}
          allowNegative={false}
          thousandSeparator={false}
          required
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <TextInput
          label="Database"
          value={values.database}
          onChange={(event) => set('database')(event.currentTarget.value)}
          error={errors.database}
          required
        />
        <TextInput
          label="User"
          value={values.user}
          onChange={(event) => set('user')(event.currentTarget.value)}
          error={errors.user}
          autoComplete="off"
          required
        />
      </SimpleGrid>
      <PasswordInput
        label="Password"
        description={
          connection?.password_set
            ? 'A password is set. Type a new one to change it; leave it empty to keep it.'
            : 'Kept encrypted; never shown again.'
        }
        placeholder={connection?.password_set ? 'Set' : undefined}
        value={values.password}
        onChange={(event) => set('password')(event.currentTarget.value)}
        error={errors.password}
        disabled={values.clearPassword}
        autoComplete="new-password"
      />
      {connection?.password_set && (
        <Checkbox
          label="Sign in without a password (remove the stored one)"
          checked={values.clearPassword}
          onChange={(event) => set('clearPassword')(event.currentTarget.checked)}
        />
      )}
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <Select
          label="TLS"
          data={TLS_MODES.map(({ value, label }) => ({ value, label }))}
          value={values.tls}
          onChange={(value) => value && set('tls')(value as TlsMode)}
          allowDeselect={false}
        />
        <Select
          label="Time zone of the source's times"
          description="For times stored without a zone"
          data={zones}
          value={values.time_zone}
          onChange={(value) => value && set('time_zone')(value)}
          error={errors.time_zone}
          searchable
          allowDeselect={false}
          nothingFoundMessage="No such time zone"
          limit={50}
        />
      </SimpleGrid>
      <Group gap="sm" align="flex-start" wrap="nowrap">
        <Button
          variant="light"
          leftSection={<IconPlugConnected size={16} />}
          onClick={runTest}
          loading={test.isPending}
          style={{ flexShrink: 0 }}
        >
          Test connection
        </Button>
        {test.isSuccess && (
          <Alert color="green" variant="light" role="status" py={6} style={{ flex: 1 }}>
            <Text size="sm">Connected: {test.data.version}</Text>
          </Alert>
        )}
        {test.isError && (
          <Alert color="red" variant="light" role="alert" py={6} style={{ flex: 1 }}>
            <Text size="sm">{errorMessage(test.error)}</Text>
          </Alert>
        )}
      </Group>
    </DialogForm>
  );
}
