import { useEffect, useRef, type KeyboardEventHandler, type PointerEvent as ReactPointerEvent } from 'react';
import { ActionIcon, Avatar, Group, Menu, Paper, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { IconCalendarDue, IconDots, IconGripVertical, IconMessage } from '@tabler/icons-react';

import { HealthBadge, StageBadge } from '@common/ui/Badges';
import { isPastDay } from '@common/domain/days';
import { formatDate } from '@common/lib/format';
import { nameOf, type PeopleIndex } from '@common/domain/people';
import type { BoardCard, ColumnKey } from './api';
import type { DragData } from './dnd';
import classes from './BoardPage.module.css';

interface CardFaceProps {
  card: BoardCard;
  people: PeopleIndex;
}

/** What a card shows: health, department and owner, assignee, due day and comments. */
function CardDetails({ card, people }: CardFaceProps) {
  const owner = nameOf(people, card.owner_id);
  const assignee = nameOf(people, card.assignee_id);
  const overdue = card.due !== null && isPastDay(card.due, new Date());
  return (
    <>
      <Group gap={6} mt={6}>
        {card.health && <HealthBadge size="sm" health={card.health} />}
        {card.column === 'closed' && card.stage && <StageBadge size="sm" stage={card.stage} />}
      </Group>
      {(card.department || owner) && (
        <Text size="xs" c="dimmed" mt={6} className={classes.wrap}>
          {[card.department, owner && `Owner: ${owner}`].filter(Boolean).join(' · ')}
        </Text>
      )}
      <Group gap="xs" mt={6} justify="space-between" wrap="nowrap">
        {assignee ? (
          <Group gap={6} wrap="nowrap" className={classes.assignee}>
            <Avatar size={22} radius="xl" color="initials" name={assignee} aria-hidden />
            <Text size="xs" truncate>
              {assignee}
            </Text>
          </Group>
        ) : (
          <Text size="xs" c="dimmed">
            Unassigned
          </Text>
        )}
        <Group gap="xs" wrap="nowrap">
          {card.due !== null && (
            <Text size="xs" c={overdue ? 'red' : 'dimmed'} className={classes.meta}>
              <IconCalendarDue size={14} aria-hidden />
              <span>
                {overdue && <VisuallyHidden component="span">Overdue, due </VisuallyHidden>}
                {formatDate(card.due, true)}
              </span>
            </Text>
          )}
          {card.comments > 0 && (
            <Text size="xs" c="dimmed" className={classes.meta} aria-label={`${card.comments} comments`}>
              <IconMessage size={14} aria-hidden />
              {card.comments}
            </Text>
          )}
        </Group>
      </Group>
    </>
  );
}

/** The card as the drag overlay shows it under the pointer. */
export function CardPreview({ card, people }: CardFaceProps) {
  return (
    <Paper withBorder shadow="lg" p="xs" radius="md" className={classes.preview}>
      <Group gap={4} wrap="nowrap" align="flex-start">
        <IconGripVertical size={16} aria-hidden className={classes.grip} />
        <Text size="sm" fw={600} className={classes.wrap}>
          {card.name}
        </Text>
      </Group>
      <CardDetails card={card} people={people} />
    </Paper>
  );
}

interface SortableCardProps extends CardFaceProps {
  lane: string;
  columns: readonly { key: ColumnKey; label: string }[];
  /** Focus the handle once mounted (after a keyboard move re-rendered the card in its new column). */
  autoFocus: boolean;
  onOpen: (card: BoardCard) => void;
  onMove: (card: BoardCard, to: ColumnKey) => void;
  onFocused: () => void;
}

/**
 * A card on the board. Mouse and pen drag it from anywhere; touch drags it by its handle
 * only, so the board still scrolls under a finger; the keyboard picks it up from the handle
 * (Space or Enter). The name opens the details, the menu moves it without dragging.
 */
export function SortableCard({ card, people, lane, columns, autoFocus, onOpen, onMove, onFocused }: SortableCardProps) {
  const data: DragData = { type: 'card', lane, column: card.column, card };
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: card.process_id,
    data,
  });
  const handleRef = useRef<HTMLButtonElement | null>(null);

  useEffect(() => {
    if (!autoFocus) return;
    handleRef.current?.focus();
    onFocused();
  }, [autoFocus, onFocused]);

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    const target = event.target as Element;
    // The menu's dropdown lives in a portal, but its events bubble here through React: not a drag.
    if (!event.currentTarget.contains(target)) return;
    if (event.pointerType === 'touch' && !target.closest('[data-drag-handle]')) return;
    listeners?.onPointerDown?.(event);
  };

  return (
    <Paper
      ref={setNodeRef}
      withBorder
      p="xs"
      radius="md"
      className={classes.card}
      data-dragging={isDragging || undefined}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      onPointerDown={onPointerDown}
    >
      <Group gap={4} wrap="nowrap" align="flex-start">
        <ActionIcon
          ref={(node) => {
            handleRef.current = node;
            setActivatorNodeRef(node);
          }}
          variant="subtle"
          color="gray"
          size="sm"
          className={classes.handle}
          data-drag-handle
          data-card-handle={card.process_id}
          {...attributes}
          onKeyDown={listeners?.onKeyDown as KeyboardEventHandler<HTMLButtonElement> | undefined}
          aria-label={`Move ${card.name}`}
        >
          <IconGripVertical size={16} aria-hidden />
        </ActionIcon>
        <UnstyledButton className={classes.cardName} onClick={() => onOpen(card)} aria-label={`Open ${card.name}`}>
          <Text size="sm" fw={600} className={classes.wrap}>
            {card.name}
          </Text>
        </UnstyledButton>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`Actions for ${card.name}`}>
              <IconDots size={16} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => onOpen(card)}>Open details</Menu.Item>
            <Menu.Divider />
            <Menu.Label>Move to</Menu.Label>
            {columns
              .filter((column) => column.key !== card.column)
              .map((column) => (
                <Menu.Item key={column.key} onClick={() => onMove(card, column.key)}>
                  {column.label}
                </Menu.Item>
              ))}
          </Menu.Dropdown>
        </Menu>
      </Group>
      <CardDetails card={card} people={people} />
    </Paper>
  );
}
