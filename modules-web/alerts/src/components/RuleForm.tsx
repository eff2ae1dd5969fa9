import { useMemo } from 'react';
import {
  ActionIcon,
  Checkbox,
  CopyButton,
  Fieldset,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCurrentUser, useNotify } from '@autoscope/web-sdk';

import { isConflict } from '@common/lib/errors';
import { toNumberValue, useFormState, useFormSubmit } from '@common/lib/forms';
import { usePeople } from '@common/lib/queries';
import { DetailDrawer } from '@common/ui/DetailDrawer';
import { DialogForm } from '@common/ui/DialogForm';
import { alertsKeys, checkedNotice, useChannels, useSaveRule } from '../api';
import type { Rule } from '../generated';
import {
  KIND_FIELDS,
  MAX_RECIPIENTS,
  NAME_MAX,
  WEBHOOK_MAX,
  SCOPE_MAX,
  emptyRule,
  fieldOfServerMessage,
  recipientOptions,
  ruleFormValues,
  rulePayload,
  timeZoneOptions,
  validateRule,
  withKind,
  type RuleFormValues,
  type Scope,
} from '../ruleForm';
import { KIND_OPTIONS, MEASURE_OPTIONS, SEVERITY_OPTIONS, isKind, isMeasure, isSeverity } from '../vocabulary';

interface RuleFormProps {
  opened: boolean;
  onClose: () => void;
  /** The rule to edit; null for a new one. */
  rule: Rule | null;
}

/** A new rule or a rule's changes, in a drawer; saving checks the rule at once and says what it found. */
export function RuleForm({ opened, onClose, rule }: RuleFormProps) {
  return (
    <DetailDrawer opened={opened} onClose={onClose} size="lg" title={rule ? `Edit ${rule.name}` : 'New rule'}>
      <RuleFormBody rule={rule} onClose={onClose} />
    </DetailDrawer>
  );
}

const SCOPE_LABELS: Readonly<Record<Scope, { label: string; placeholder: string }>> = {
  process: { label: 'Process', placeholder: 'Every process' },
  bot: { label: 'Bot', placeholder: 'Every bot' },
  queue: { label: 'Queue', placeholder: 'Every queue' },
};

let zones: string[] | null = null;

/** The IANA zones of the browser, read once. */
function knownZones(): string[] {
  zones ??= timeZoneOptions(typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []);
  return zones;
}

function RuleFormBody({ rule, onClose }: { rule: Rule | null; onClose: () => void }) {
  const notify = useNotify();
  const client = useQueryClient();
  const user = useCurrentUser();
  const people = usePeople();
  const channels = useChannels();
  const channelOptions = useMemo(
    () => (channels.data ?? []).map((channel) => ({ value: channel.id, label: `#${channel.name}` })),
    [channels.data],
  );
  const save = useSaveRule();
  const form = useFormState<RuleFormValues>(() => (rule ? ruleFormValues(rule) : emptyRule()));
  const { values, errors, setValue, setValues, setErrors } = form;
  const fields = KIND_FIELDS[values.kind];
  const recipients = useMemo(
    () => recipientOptions(people.options, values.recipients, people.byId),
    [people.options, people.byId, values.recipients],
  );
  const zoneOptions = useMemo(() => {
    const known = knownZones();
    return values.time_zone && !known.includes(values.time_zone) ? [values.time_zone, ...known] : known;
  }, [values.time_zone]);

  const submit = useFormSubmit(form, {
    validate: validateRule,
    fieldOf: (message) => fieldOfServerMessage(message, values.kind),
    save: async (current) => {
      const checked = await save.mutateAsync({ rule, draft: rulePayload(current) });
      const notice = checkedNotice(checked);
      notify(notice.message, notice.kind);
      onClose();
    },
    // Someone else saved first: the list reads the rule again, and the form opened again starts from it.
    onFailure: (error) => {
      if (isConflict(error)) void client.invalidateQueries({ queryKey: alertsKeys.rules(user?.id ?? '') });
    },
  });

  const number = (field: 'min_runs' | 'window_minutes' | 'interval_minutes' | 'quiet_minutes') => ({
    value: values[field],
    onChange: (value: number | string) => setValue(field, toNumberValue(value)),
    error: errors[field],
    allowDecimal: false,
    allowNegative: false,
    clampBehavior: 'none' as const,
  });

  const setDelivery = (field: 'deliver_bell' | 'deliver_mail', checked: boolean) => {
    setValues((current) => ({ ...current, [field]: checked }));
    setErrors((current) => ({ ...current, deliver_bell: undefined }));
  };

  return (
    <DialogForm submit={submit} submitLabel={rule ? 'Save changes' : 'Create rule'} onCancel={onClose}>
      <TextInput
        label="Name"
        required
        data-autofocus
        value={values.name}
        onChange={(event) => setValue('name', event.currentTarget.value)}
        error={errors.name}
        maxLength={NAME_MAX}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Select
          label="Kind"
          data={KIND_OPTIONS}
          value={values.kind}
          onChange={(kind) => {
            if (isKind(kind)) setValues((current) => withKind(current, kind, user?.timeZone ?? browserZone()));
          }}
          allowDeselect={false}
        />
        <Select
          label="Severity"
          data={SEVERITY_OPTIONS}
          value={values.severity}
          onChange={(severity) => isSeverity(severity) && setValue('severity', severity)}
          allowDeselect={false}
        />
      </SimpleGrid>

      <Fieldset legend="What it watches" variant="unstyled">
        <Stack gap="sm">
          <Text size="xs" c="dimmed">
            Names as the runs give them; empty watches every one.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: fields.scopes.length > 1 ? 2 : 1 }} spacing="md">
            {fields.scopes.map((scope) => (
              <TextInput
                key={scope}
                label={SCOPE_LABELS[scope].label}
                placeholder={SCOPE_LABELS[scope].placeholder}
                required={scope === 'process' && values.kind === 'outcome'}
                description={scope === 'queue' && values.kind === 'outcome' ? 'Counts queue items only' : undefined}
                value={values[scope]}
                onChange={(event) => setValue(scope, event.currentTarget.value)}
                error={errors[scope]}
                maxLength={SCOPE_MAX[scope]}
              />
            ))}
          </SimpleGrid>
        </Stack>
      </Fieldset>

      <Fieldset legend="When it fires" variant="unstyled">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {fields.measure && (
            <Select
              label="What is counted"
              required
              data={MEASURE_OPTIONS}
              value={values.measure}
              onChange={(measure) => setValue('measure', isMeasure(measure) ? measure : null)}
              error={errors.measure}
              placeholder="Choose"
            />
          )}
          {fields.threshold && (
            <NumberInput
              label={fields.threshold.label}
              description={fields.threshold.description}
              required
              value={values.threshold}
              onChange={(value) => setValue('threshold', toNumberValue(value))}
              error={errors.threshold}
              min={fields.threshold.min}
              max={fields.threshold.max}
              decimalScale={fields.threshold.decimals}
              allowDecimal={fields.threshold.decimals > 0}
              allowNegative={false}
              clampBehavior="none"
            />
          )}
          {fields.minRuns && (
            <NumberInput
              label="At least this many finished runs"
              description="Fewer finished runs never fire"
              min={1}
              {...number('min_runs')}
            />
          )}
          {fields.window && (
            <NumberInput
              label={fields.window.label}
              description={fields.window.description}
              min={5}
              {...number('window_minutes')}
            />
          )}
          {fields.timeZone && (
            <Select
              label="Time zone of the bots’ schedules"
              description="Empty: UTC"
              data={zoneOptions}
              value={values.time_zone}
              onChange={(zone) => setValue('time_zone', zone)}
              searchable
              clearable
              placeholder="UTC"
              nothingFoundMessage="No zone matches"
              limit={50}
            />
          )}
          <NumberInput
            label="Check every (minutes)"
            description="1 to 1440"
            min={1}
            max={1440}
            {...number('interval_minutes')}
          />
          <NumberInput
            label="Quiet window (minutes)"
            description="Firing again this soon after closing reopens the incident without telling anyone"
            min={0}
            {...number('quiet_minutes')}
          />
        </SimpleGrid>
      </Fieldset>

      <Fieldset legend="Who hears of it" variant="unstyled">
        <Stack gap="sm">
          <Group gap="lg">
            <Checkbox
              label="Bell"
              checked={values.deliver_bell}
              onChange={(event) => setDelivery('deliver_bell', event.currentTarget.checked)}
              error={Boolean(errors.deliver_bell)}
            />
            <Checkbox
              label="E-mail"
              checked={values.deliver_mail}
              onChange={(event) => setDelivery('deliver_mail', event.currentTarget.checked)}
              error={Boolean(errors.deliver_bell)}
            />
          </Group>
          {errors.deliver_bell && (
            <Text size="sm" c="red" role="alert">
              {errors.deliver_bell}
            </Text>
          )}
          <Select
            label="Chat channel"
            description={
              channelOptions.length || values.chat_channel
                ? 'Chat posts the incident there when it opens and when it closes'
                : 'Chat is not installed, or it has no public channels'
            }
            placeholder="None"
            data={channelOptions}
            value={values.chat_channel}
            onChange={(channel) => {
              setValue('chat_channel', channel);
              setErrors((current) => ({ ...current, deliver_bell: undefined }));
            }}
            error={errors.chat_channel}
            disabled={!channelOptions.length && !values.chat_channel}
            searchable
            clearable
            nothingFoundMessage="No channels match"
          />
          <TextInput
            label="Webhook address"
            description="Each incident's opening and closing is POSTed there, signed with the rule's secret (x-autoscope-signature)"
            placeholder="https://hooks.example.com/incidents"
            value={values.webhook_url}
            onChange={(event) => {
              setValue('webhook_url', event.currentTarget.value);
              setErrors((current) => ({ ...current, deliver_bell: undefined }));
            }}
            error={errors.webhook_url}
            maxLength={WEBHOOK_MAX}
            inputMode="url"
          />
          {rule?.webhook_secret && values.webhook_url.trim() === rule.webhook_url && (
            <TextInput
              label="Signing secret"
              description="HMAC-SHA256 of '<x-autoscope-timestamp>.<body>' with this secret"
              value={rule.webhook_secret}
              readOnly
              rightSection={
                <CopyButton value={rule.webhook_secret}>
                  {({ copied, copy }) => (
                    <ActionIcon variant="subtle" onClick={copy} aria-label={copied ? 'Copied' : 'Copy the secret'}>
                      {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                    </ActionIcon>
                  )}
                </CopyButton>
              }
            />
          )}
          <MultiSelect
            label="Recipients"
            description={`Empty: the company's admins. At most ${MAX_RECIPIENTS}.`}
            placeholder={values.recipients.length ? undefined : "The company's admins"}
            data={recipients}
            value={values.recipients}
            onChange={(ids) => setValue('recipients', ids)}
            error={errors.recipients}
            maxValues={MAX_RECIPIENTS}
            searchable
            clearable
            nothingFoundMessage="No people match"
          />
        </Stack>
      </Fieldset>

      <Switch
        label="Enabled"
        description="A rule switched off is not checked, and its open incident closes"
        checked={values.enabled}
        onChange={(event) => setValue('enabled', event.currentTarget.checked)}
      />
    </DialogForm>
  );
}

function browserZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone ?? null;
  } catch {
    return null;
  }
}
