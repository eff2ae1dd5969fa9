import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  Skeleton,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { IconDeviceFloppy, IconTablePlus } from '@tabler/icons-react';
import { useNotify } from '@autoscope/web-sdk';

import { errorMessage } from '@common/lib/errors';
import { QueryError } from '@common/ui/QueryError';
import { useApplyPreset, useCustomTable, useMapping, usePresets, useSaveMapping, useTables } from '../api';
import type { Mapping, TableMap, Target } from '../generated';
import { TARGET_LABELS, presetName } from '../mapping';
import { TableMapEditor } from './TableMapEditor';

interface MappingPanelProps {
  connectionId: string;
  /** Company admins change the mapping; others read it. */
  editable: boolean;
}

/** A connection's mapping: from a preset or by hand, each table editable and previewed, and the schedule. */
export function MappingPanel({ connectionId, editable }: MappingPanelProps) {
  const saved = useMapping(connectionId);
  if (saved.isPending) return <Skeleton h={160} />;
  if (saved.isError) {
    return (
      <QueryError title="The mapping could not be loaded" error={saved.error} onRetry={() => void saved.refetch()} />
    );
  }
  // A new editor for each saved version: what is saved is what it starts from.
  return (
    <MappingEditor
      key={saved.data?.version ?? 'new'}
      connectionId={connectionId}
      editable={editable}
      saved={
        saved.data
          ? { preset: saved.data.preset, tables: saved.data.tables, every_minutes: saved.data.every_minutes }
          : null
      }
      version={saved.data?.version ?? null}
    />
  );
}

interface MappingEditorProps extends MappingPanelProps {
  saved: Mapping | null;
  version: number | null;
}

function MappingEditor({ connectionId, editable, saved, version }: MappingEditorProps) {
  const notify = useNotify();
  const presets = usePresets();
  const save = useSaveMapping(connectionId);
  const [draft, setDraft] = useState<Mapping | null>(saved);
  const changed = JSON.stringify(draft) !== JSON.stringify(saved);

  const setTable = (index: number, table: TableMap | null) =>
    setDraft(
      (current) =>
        current && {
          ...current,
          tables:
            table === null
              ? current.tables.filter((_, at) => at !== index)
              : current.tables.map((old, at) => (at === index ? table : old)),
        },
    );
  const addTable = (table: TableMap) =>
    setDraft((current) => ({
      preset: current?.preset ?? null,
      every_minutes: current?.every_minutes ?? null,
      tables: [...(current?.tables ?? []), table],
    }));
  const onSave = () => {
    if (!draft) return;
    save.mutate(
      { ...draft, ...(version === null ? {} : { version }) },
      { onSuccess: () => notify.success('Mapping saved') },
    );
  };

  return (
    <Stack gap="md">
      {editable && (
        <StartMapping
          connectionId={connectionId}
          onPreset={(mapping) => setDraft((current) => ({ ...mapping, every_minutes: current?.every_minutes ?? null }))}
          onTable={addTable}
          hasDraft={draft !== null}
        />
      )}
      {draft === null ? (
        <Text c="dimmed" size="sm">
          {editable
            ? 'Nothing is mapped yet: use a preset for your orchestrator, or map a table by hand.'
            : 'Nothing is mapped yet: a company admin maps the tables.'}
        </Text>
      ) : (
        <>
          <Group gap="xs">
            <Text size="sm">Mapping:</Text>
            <Badge variant="light">{presetName(presets.data, draft.preset, 'Custom')}</Badge>
            {changed && (
              <Badge variant="light" color="orange">
                Not saved
              </Badge>
            )}
          </Group>
          {presets.data && draft.preset && (
            <Text size="xs" c="dimmed">
              The source&apos;s times without a zone are read in the connection&apos;s time zone:{' '}
              {presets.data.find((preset) => preset.key === draft.preset)?.time_zone_hint}.
            </Text>
          )}
          {draft.tables.map((table, index) => (
            <TableMapEditor
              key={`${table.table}-${index}`}
              connectionId={connectionId}
              table={table}
              editable={editable}
              onChange={(next) => setTable(index, next)}
              onRemove={() => setTable(index, null)}
              initiallyOpen={!saved?.tables.includes(table)}
            />
          ))}
          <Schedule
            minutes={draft.every_minutes}
            editable={editable}
            onChange={(every_minutes) => setDraft({ ...draft, every_minutes })}
          />
          {save.isError && (
            <Alert color="red" variant="light" role="alert" title="The mapping was not saved">
              {errorMessage(save.error)}
            </Alert>
          )}
          {editable && (
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setDraft(saved)} disabled={!changed}>
                Discard changes
              </Button>
              <Button
                leftSection={<IconDeviceFloppy size={16} />}
                onClick={onSave}
                loading={save.isPending}
                disabled={!changed || draft.tables.length === 0}
              >
                Save mapping
              </Button>
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}

interface StartMappingProps {
  connectionId: string;
  hasDraft: boolean;
  onPreset: (mapping: Mapping) => void;
  onTable: (table: TableMap) => void;
}

/** A preset's tables, or one table mapped by hand. */
function StartMapping({ connectionId, hasDraft, onPreset, onTable }: StartMappingProps) {
  const presets = usePresets();
  const tables = useTables(connectionId);
  const apply = useApplyPreset(connectionId);
  const custom = useCustomTable(connectionId);
  const [preset, setPreset] = useState<string | null>(null);
  const [target, setTarget] = useState<Target>('runs');
  const [table, setTable] = useState<string | null>(null);

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={4}>{hasDraft ? 'Add to the mapping' : 'Map the tables'}</Title>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label="Preset"
            placeholder="Choose your orchestrator"
            data={(presets.data ?? []).map(({ key, name }) => ({ value: key, label: name }))}
            value={preset}
            onChange={setPreset}
            w={260}
          />
          <Button
            variant="light"
            onClick={() => preset && apply.mutate(preset, { onSuccess: onPreset })}
            loading={apply.isPending}
            disabled={preset === null}
          >
            Use preset
          </Button>
        </Group>
        {hasDraft && preset && (
          <Text size="xs" c="dimmed">
            A preset replaces the tables mapped so far.
          </Text>
        )}
        {apply.isError && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(apply.error)}
          </Alert>
        )}
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label="Table or view"
            placeholder={tables.isPending ? 'Reading the tables…' : 'Choose a table'}
            data={(tables.data ?? []).map(({ name, view }) => ({ value: name, label: view ? `${name} (view)` : name }))}
            value={table}
            onChange={setTable}
            searchable
            nothingFoundMessage="No such table"
            w={260}
          />
          <Select
            label="Imported as"
            data={(Object.keys(TARGET_LABELS) as Target[]).map((value) => ({ value, label: TARGET_LABELS[value] }))}
            value={target}
            onChange={(value) => value && setTarget(value as Target)}
            allowDeselect={false}
            w={160}
          />
          <Button
            variant="light"
            leftSection={<IconTablePlus size={16} />}
            onClick={() => table && custom.mutate({ target, table }, { onSuccess: onTable })}
            loading={custom.isPending}
            disabled={table === null}
          >
            Map by hand
          </Button>
        </Group>
        {(tables.isError || custom.isError) && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(tables.error ?? custom.error)}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

interface ScheduleProps {
  minutes: number | null;
  editable: boolean;
  onChange: (minutes: number | null) => void;
}

/** On demand only, or every so many minutes (5 to 10,080). */
function Schedule({ minutes, editable, onChange }: ScheduleProps) {
  return (
    <Group gap="md" align="flex-end">
      <Switch
        label="Sync on a schedule"
        checked={minutes !== null}
        onChange={(event) => onChange(event.currentTarget.checked ? 60 : null)}
        disabled={!editable}
      />
      {minutes !== null && (
        <NumberInput
          label="Every (minutes)"
          value={minutes}
          onChange={(value) => onChange(typeof value === 'number' ? value : 60)}
          min={5}
          max={10_080}
          allowDecimal={false}
          w={160}
          disabled={!editable}
        />
      )}
    </Group>
  );
}
