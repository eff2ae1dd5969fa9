import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import {
  ActionIcon,
  Button,
  Group,
  Loader,
  LoadingOverlay,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import type FullCalendar from '@fullcalendar/react';
import { useSearchParams } from 'react-router';
import { useCurrentUser, usePageTitle } from '@autoscope/web-sdk';

import { useDialog } from '@common/ui/dialogs';
import { QueryError } from '@common/ui/QueryError';
import { withParams } from '@common/lib/urlParams';
import { VIEWS, readCalendarUrl, withShownPeriod } from './calendarUrl';
import { useBots, useCalendarLive, useRange, useZone, type EventTarget } from './api';
import { BotSwitch } from './components/BotSwitch';
import type { ShownRange, ViewName } from './components/CalendarView';
import { EditEvent } from './components/EditEvent';
import { EventDetails, type OpenEvent } from './components/EventDetails';
import { EventForm } from './components/EventForm';
import { useMoveFlow } from './components/MoveQuestion';
import { SettingsDrawer } from './components/SettingsDrawer';
import { newEventValues, type EventFormValues } from './eventForm';
import { nextHour, todayIn } from './time';
import classes from './CalendarPage.module.css';

const CalendarView = lazy(() => import('./components/CalendarView'));

/** A day each side of the drawn range: its edges are read in the calendar's zone, the API's in UTC. */
const MARGIN = 86400;

/** Calendar (/Calendar): the person's events, invitations, the company's non-working days and, on demand, bot schedules. */
export default function CalendarPage() {
  const zone = useZone();
  // As useIsMobile (@common/ui/mobile), but known at the first render: FullCalendar reads its initial view once.
  const isMobile = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const companyAdmin = useCurrentUser()?.companyAdmin === true;
  const calendarRef = useRef<FullCalendar>(null);
  const [shown, setShown] = useState<ShownRange | null>(null);
  const creating = useDialog<EventFormValues>();
  const details = useDialog<OpenEvent>();
  const editing = useDialog<EventTarget>();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const moves = useMoveFlow();
  const [params, setParams] = useSearchParams();
  const linkedId = params.get('event');
  const linkedOccurrence = params.get('occurrence');
  const openDetails = details.open;
  const defaultView: ViewName = isMobile ? 'listWeek' : 'dayGridMonth';
  // FullCalendar reads its first view and date once, at mount.
  const [opening] = useState(() => readCalendarUrl(params));
  // The switch answers at once; the URL follows (the router applies it in a transition).
  const [showBots, setBotsShown] = useState(opening.bots);
  const setShowBots = (on: boolean) => {
    setBotsShown(on);
    setParams((current) => withParams(current, { bots: on ? '1' : null }), { replace: true });
  };

  // The period goes into the URL only when it changed, after the render that drew it (the
  // router takes no navigation while it mounts): FullCalendar may report the same dates again,
  // and a write from those (react-router's setter reads the params of the last render) could
  // undo another parameter written in the same moment.
  const latestParams = useRef(params);
  latestParams.current = params;
  useEffect(() => {
    if (!shown) return;
    const current = latestParams.current;
    const next = withShownPeriod(current, shown, todayIn(zone), defaultView);
    if (next.toString() !== current.toString()) setParams(next, { replace: true });
  }, [shown, zone, defaultView, setParams]);

  // A link to an event (a reminder's mail: ?event=<id>&occurrence=<original start>) opens its
  // details once; the parameters leave the URL so that closing them stays closed.
  useEffect(() => {
    if (!linkedId) return;
    const occurrence = Number(linkedOccurrence);
    openDetails({ id: linkedId, occurrence: linkedOccurrence && Number.isInteger(occurrence) ? occurrence : null });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('event');
        next.delete('occurrence');
        return next;
      },
      { replace: true },
    );
  }, [linkedId, linkedOccurrence, openDetails, setParams]);

  const from = shown ? shown.from - MARGIN : 0;
  const to = shown ? shown.to + MARGIN : 0;
  const range = useRange(from, to, shown !== null);
  const bots = useBots(from, to, zone);
  const botsOn = showBots && bots.data?.available === true;

  useCalendarLive();

  const newEvent = () => {
    const start = nextHour();
    creating.open(newEventValues(start, start + 3600, false, zone));
  };

  usePageTitle({
    heading: 'Calendar',
    breadcrumb: ['Calendar'],
    buttons: [
      { label: 'New event', icon: 'plus', kind: 'primary', onClick: newEvent },
      { label: 'Settings', icon: 'settings', kind: 'secondary', onClick: () => setSettingsOpen(true) },
    ],
  });

  const calendar = () => calendarRef.current?.getApi();

  return (
    <Stack gap="sm" className={classes.page}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap={4} wrap="nowrap">
          <ActionIcon variant="default" size="lg" aria-label="Previous" onClick={() => calendar()?.prev()}>
            <IconChevronLeft size={18} />
          </ActionIcon>
          <Button variant="default" size={isMobile ? 'xs' : 'sm'} onClick={() => calendar()?.today()}>
            Today
          </Button>
          <ActionIcon variant="default" size="lg" aria-label="Next" onClick={() => calendar()?.next()}>
            <IconChevronRight size={18} />
          </ActionIcon>
          <Title order={isMobile ? 4 : 3} ml="xs" aria-live="polite">
            {shown?.title ?? ''}
          </Title>
          {range.isFetching && range.data && <Loader size="xs" ml="xs" aria-label="Updating" />}
        </Group>
        <Group gap="md" wrap="wrap">
          <BotSwitch layer={bots.data} checked={showBots} onChange={setShowBots} />
          <SegmentedControl
            aria-label="View"
            size={isMobile ? 'xs' : 'sm'}
            data={VIEWS}
            value={shown?.view ?? opening.view ?? defaultView}
            onChange={(view) => calendar()?.changeView(view)}
          />
        </Group>
      </Group>
      {range.isError && (
        <QueryError title="The calendar could not be loaded" error={range.error} onRetry={() => void range.refetch()} />
      )}
      <div className={classes.calendar}>
        <LoadingOverlay visible={shown !== null && range.isPending} zIndex={5} />
        <Suspense fallback={<Skeleton h={560} aria-label="Loading the calendar" />}>
          <CalendarView
            calendarRef={calendarRef}
            initialView={opening.view ?? defaultView}
            initialDate={opening.date ?? undefined}
            zone={zone}
            occurrences={range.data?.occurrences ?? []}
            nonWorking={range.data?.non_working ?? []}
            botWindows={botsOn ? (bots.data?.windows ?? []) : null}
            onDates={setShown}
            onSelect={({ start, end, allDay }) => creating.open(newEventValues(start, end, allDay, zone))}
            onOpen={(occurrence) =>
              details.open({ id: occurrence.event_id, occurrence: occurrence.recurring ? occurrence.occurrence : null })
            }
            onMove={moves.request}
          />
        </Suspense>
      </div>
      <Text size="xs" c="dimmed">
        Times in {zone}
      </Text>
      {creating.target && <EventForm key={creating.key} {...creating.props} initial={creating.target} zone={zone} />}
      <EventDetails
        {...details.props}
        open={details.target}
        zone={zone}
        onEdit={(target) => {
          details.close();
          editing.open(target);
        }}
      />
      {editing.target && <EditEvent key={editing.key} {...editing.props} target={editing.target} zone={zone} />}
      {moves.question}
      <SettingsDrawer
        opened={settingsOpen}
        onClose={() => setSettingsOpen(false)}
        today={todayIn(zone)}
        zone={zone}
        companyAdmin={companyAdmin}
      />
    </Stack>
  );
}
