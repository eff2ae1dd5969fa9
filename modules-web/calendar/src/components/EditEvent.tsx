import { Center, Loader, Modal } from '@mantine/core';

import { QueryError } from '@common/ui/QueryError';
import { useEvent, type EventTarget } from '../api';
import { eventValues } from '../eventForm';
import { EventForm } from './EventForm';

interface EditEventProps {
  opened: boolean;
  onClose: () => void;
  target: EventTarget;
  zone: string;
}

/** The form of a stored event: the series' first occurrence for "All events", else the chosen occurrence. */
export function EditEvent({ opened, onClose, target, zone }: EditEventProps) {
  const event = useEvent(target.id, target.occurrence);
  if (!event.data) {
    return (
      <Modal opened={opened} onClose={onClose} title="Edit event">
        {event.isError ? (
          <QueryError title="The event could not be loaded" error={event.error} onRetry={() => void event.refetch()} />
        ) : (
          <Center py="xl">
            <Loader aria-label="Loading the event" />
          </Center>
        )}
      </Modal>
    );
  }
  return (
    <EventForm
      opened={opened}
      onClose={onClose}
      initial={eventValues(event.data, zone)}
      edit={{ target, version: event.data.version }}
      zone={zone}
    />
  );
}
