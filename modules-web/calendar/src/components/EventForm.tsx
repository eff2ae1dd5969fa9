import type { KeyboardEvent } from 'react';
import { Checkbox, Group, MultiSelect, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useNotify } from '@autoscope/web-sdk';

import { useFormState, useFormSubmit } from '@common/lib/forms';
import { DialogForm } from '@common/ui/DialogForm';
import { ResponsiveModal } from '@common/ui/ResponsiveModal';
import { usePeople, useCreateEvent, useUpdateEvent, useUserId, type EventTarget } from '../api';
import {
  CATEGORIES,
  VISIBILITIES,
  eventFormErrors,
  fieldOfMessage,
  toEventInput,
  type EventFormValues,
} from '../eventForm';
import type { RepeatForm } from '../recurrence';
import { MAX_LINKS, MAX_REMINDERS, type Category, type Visibility } from '../types';
import { LinksField } from './LinksField';
import { RemindersField } from './RemindersField';
import { TimesFields } from './TimesFields';
import { RepeatFields } from './RepeatFields';

/**
 * Enter submits from a one-line field, as browsers do on their own but not all for every input type
 * (date and time ones). Not in the description (a new line), nor when a list's Enter picks an option.
 */
function submitOnEnter(event: KeyboardEvent<HTMLDivElement>) {
  const target = event.target as HTMLInputElement;
  if (event.key !== 'Enter' || event.defaultPrevented || event.nativeEvent.isComposing) return;
  if (target.tagName !== 'INPUT' || target.getAttribute('aria-expanded') === 'true') return;
  event.preventDefault();
  target.form?.requestSubmit();
}

interface EventFormProps {
  opened: boolean;
  onClose: () => void;
  initial: EventFormValues;
  /** Editing a stored event: which occurrences change, and the version it was read at. */
  edit?: { target: EventTarget; version: number };
  /** The zone the times are typed in (and the event's zone). */
  zone: string;
}

/** A new event, or changes to one (POST /events, PUT /events/{id}); the server's refusal keeps the input. */
export function EventForm({ opened, onClose, initial, edit, zone }: EventFormProps) {
  const form = useFormState<EventFormValues>(initial);
  const { values, errors, setValue } = form;
  const create = useCreateEvent();
  const update = useUpdateEvent();
  const notify = useNotify();
  const people = usePeople();
  const me = useUserId();
  // One occurrence keeps the series' people, links, reminders and rule: only its times and texts change.
  const occurrenceOnly = edit?.target.scope === 'this';

  const setRepeat = <K extends keyof RepeatForm>(field: K, value: RepeatForm[K]) =>
    setValue(field, value as EventFormValues[K]);

  const submit = useFormSubmit(form, {
    validate: (current) => eventFormErrors(current, zone),
    fieldOf: fieldOfMessage,
    save: async (current) => {
      const body = toEventInput(current, zone);
      if (edit) {
        await update.mutateAsync({ target: edit.target, body: { ...body, version: edit.version } });
        notify('Event saved');
      } else {
        await create.mutateAsync(body);
        notify('Event created');
      }
      onClose();
    },
  });

  const attendeeOptions = (people.data ?? [])
    .filter((person) => person.user_id !== me)
    .map((person) => ({ value: person.user_id, label: person.name || person.email }));

  return (
    <ResponsiveModal opened={opened} onClose={onClose} title={edit ? 'Edit event' : 'New event'} size="lg">
      <DialogForm submit={submit} submitLabel={edit ? 'Save' : 'Create'} onCancel={onClose}>
        <Stack gap="md" onKeyDown={submitOnEnter}>
          <TextInput
            label="Title"
            required
            data-autofocus
            value={values.title}
            onChange={(event) => setValue('title', event.currentTarget.value)}
            error={errors.title}
          />
          <Stack gap={4}>
            <Checkbox
              label="All day"
              checked={values.allDay}
              onChange={(event) => setValue('allDay', event.currentTarget.checked)}
            />
            <TimesFields values={values} wholeDays={values.allDay} endError={errors.endDate} setValue={setValue} />
            {!values.allDay && (
              <Text size="xs" c="dimmed">
                Times in {zone}
              </Text>
            )}
          </Stack>
          <TextInput
            label="Location or meeting link"
            value={values.location}
            onChange={(event) => setValue('location', event.currentTarget.value)}
            error={errors.location}
          />
          <Textarea
            label="Description"
            autosize
            minRows={2}
            maxRows={8}
            value={values.description}
            onChange={(event) => setValue('description', event.currentTarget.value)}
            error={errors.description}
          />
          {!occurrenceOnly && (
            <>
              <Group grow align="flex-start">
                <Select
                  label="Category"
                  data={CATEGORIES}
                  value={values.category}
                  onChange={(category) => category && setValue('category', category as Category)}
                  allowDeselect={false}
                />
                <Select
                  label="Visible to"
                  data={VISIBILITIES}
                  value={values.visibility}
                  onChange={(visibility) => visibility && setValue('visibility', visibility as Visibility)}
                  allowDeselect={false}
                />
              </Group>
              <MultiSelect
                label="Attendees"
                placeholder={values.attendees.length === 0 ? 'Invite people' : undefined}
                searchable
                data={attendeeOptions}
                value={values.attendees}
                onChange={(attendees) => setValue('attendees', attendees)}
                error={errors.attendees}
                nothingFoundMessage={people.isLoading ? 'Loading…' : 'Nobody found'}
              />
              <LinksField
                value={values.links}
                onChange={(links) => setValue('links', links)}
                error={errors.links}
                max={MAX_LINKS}
              />
              <RepeatFields values={values} errors={errors} startDay={values.startDate} setValue={setRepeat} />
              <RemindersField
                value={values.reminders}
                onChange={(reminders) => setValue('reminders', reminders)}
                error={errors.reminders}
                max={MAX_REMINDERS}
              />
            </>
          )}
        </Stack>
      </DialogForm>
    </ResponsiveModal>
  );
}
