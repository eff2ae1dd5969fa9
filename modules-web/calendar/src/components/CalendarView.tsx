/**
 * The calendar itself (FullCalendar, in the person's zone through Luxon): loaded lazily, as it is
 * most of the remote's weight. Month, week, day and agenda views; select to create, drag and
 * resize what the person organises, click to open.
 */

import { useMemo, type RefObject } from 'react';
import FullCalendar from '@fullcalendar/react';
import type { EventDropArg, EventInput as CalendarEvent, EventApi } from '@fullcalendar/core';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin, { type EventResizeDoneArg } from '@fullcalendar/interaction';
import listPlugin from '@fullcalendar/list';
import luxonPlugin from '@fullcalendar/luxon3';
import timeGridPlugin from '@fullcalendar/timegrid';

import { categoryColor } from '../eventForm';
import { dayOf, fromCalendarString, toMillis } from '../time';
import type { BotWindow, NonWorking, Occurrence } from '../types';
import type { PendingMove } from './MoveQuestion';
import classes from './CalendarView.module.css';

export type ViewName = 'dayGridMonth' | 'timeGridWeek' | 'timeGridDay' | 'listWeek';

const BOT_COLOR = '#495057';
const HOLIDAY_COLOR = '#adb5bd';
const MAINTENANCE_COLOR = '#ffa94d';
const TIME_FORMAT = { hour: '2-digit', minute: '2-digit', hour12: false } as const;
const TIME_GRID_HEIGHT = { timeGrid: { height: 680 } };

export interface CalendarViewProps {
  calendarRef: RefObject<FullCalendar | null>;
  initialView: ViewName;
  /** The day (`YYYY-MM-DD`, in the zone) whose period opens first; today when absent. */
  initialDate?: string;
  zone: string;
  occurrences: Occurrence[];
  nonWorking: NonWorking[];
  /** The bots' run windows, drawn read-only; null when the layer is off. */
  botWindows: BotWindow[] | null;
  /** The shown range changed. */
  onDates: (range: ShownRange) => void;
  onSelect: (span: { start: number; end: number; allDay: boolean }) => void;
  onOpen: (occurrence: Occurrence) => void;
  onMove: (move: PendingMove) => void;
}

export interface ShownRange {
  /** The drawn grid's edges (seconds), adjacent months' days included. */
  from: number;
  to: number;
  /** The period itself as days in the zone: `first` inclusive, `end` exclusive (`YYYY-MM-DD`). */
  first: string;
  end: string;
  /** As FullCalendar words the period. */
  title: string;
  view: ViewName;
}

/** An all-day span as FullCalendar's floating days; a timed one as instants. */
const when = (start: number, end: number, allDay: boolean) =>
  allDay ? { start: dayOf(start), end: dayOf(end), allDay } : { start: toMillis(start), end: toMillis(end), allDay };

/** Invitations not yet accepted look lighter; declined ones struck through. */
function answerClass(occurrence: Occurrence): string {
  if (occurrence.my_answer === 'pending' || occurrence.my_answer === 'tentative') return classes.unsure ?? '';
  if (occurrence.my_answer === 'declined') return classes.declined ?? '';
  return '';
}

function toEvents(
  occurrences: Occurrence[],
  nonWorking: NonWorking[],
  botWindows: BotWindow[] | null,
): CalendarEvent[] {
  const events: CalendarEvent[] = occurrences.map((occurrence) => ({
    id: `${occurrence.event_id}:${occurrence.occurrence}`,
    title: occurrence.title,
    ...when(occurrence.start, occurrence.end, occurrence.all_day),
    color: categoryColor(occurrence.category),
    editable: occurrence.can_edit,
    classNames: answerClass(occurrence),
    extendedProps: { occurrence },
  }));
  for (const entry of nonWorking) {
    events.push({
      id: `non-working:${entry.id}`,
      title: entry.name,
      ...when(entry.start, entry.end, entry.all_day),
      display: 'background',
      color: entry.kind === 'holiday' ? HOLIDAY_COLOR : MAINTENANCE_COLOR,
    });
  }
  botWindows?.forEach((window, index) => {
    events.push({
      id: `bot:${index}`,
      title: `Bot: ${window.bot}`,
      start: toMillis(window.start),
      end: toMillis(window.end),
      editable: false,
      color: BOT_COLOR,
      classNames: classes.bot ?? '',
    });
  });
  return events;
}

/** An event's new span after a drag; FullCalendar leaves `end` out when it equals the start's default. */
function spanAfterDrag(event: EventApi, previous: Occurrence): { start: number; end: number } {
  const start = fromCalendarString(event.startStr);
  const end = event.endStr ? fromCalendarString(event.endStr) : start + (previous.end - previous.start);
  return { start, end };
}

export default function CalendarView({
  calendarRef,
  initialView,
  initialDate,
  zone,
  occurrences,
  nonWorking,
  botWindows,
  onDates,
  onSelect,
  onOpen,
  onMove,
}: CalendarViewProps) {
  const events = useMemo(() => toEvents(occurrences, nonWorking, botWindows), [occurrences, nonWorking, botWindows]);

  const moved = ({ event, revert }: EventDropArg | EventResizeDoneArg) => {
    const occurrence = event.extendedProps.occurrence as Occurrence | undefined;
    if (!occurrence) return revert();
    onMove({ occurrence, ...spanAfterDrag(event, occurrence), revert });
  };

  return (
    <FullCalendar
      ref={calendarRef}
      plugins={[luxonPlugin, dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin]}
      timeZone={zone}
      initialView={initialView}
      initialDate={initialDate}
      headerToolbar={false}
      height="auto"
      // A day's 24 hours scroll within the page, from 08:00; the other views grow with their content.
      views={TIME_GRID_HEIGHT}
      firstDay={1}
      nowIndicator
      dayMaxEvents
      eventInteractive
      eventTimeFormat={TIME_FORMAT}
      slotLabelFormat={TIME_FORMAT}
      scrollTime="08:00:00"
      selectable
      selectMirror
      selectLongPressDelay={400}
      events={events}
      noEventsContent="No events in this period"
      // A timed event stays timed (and all-day stays all-day): /move takes no all-day change.
      eventAllow={(span, event) => event === null || span.allDay === event.allDay}
      datesSet={(info) =>
        onDates({
          from: fromCalendarString(info.startStr),
          to: fromCalendarString(info.endStr),
          first: info.view.calendar.formatIso(info.view.currentStart, true),
          end: info.view.calendar.formatIso(info.view.currentEnd, true),
          title: info.view.title,
          view: info.view.type as ViewName,
        })
      }
      select={(info) => {
        onSelect({
          start: fromCalendarString(info.startStr),
          end: fromCalendarString(info.endStr),
          allDay: info.allDay,
        });
        info.view.calendar.unselect();
      }}
      eventClick={(info) => {
        info.jsEvent.preventDefault();
        const occurrence = info.event.extendedProps.occurrence as Occurrence | undefined;
        if (occurrence) onOpen(occurrence);
      }}
      eventDrop={moved}
      eventResize={moved}
    />
  );
}
