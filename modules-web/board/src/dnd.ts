/** Dragging cards: what each draggable carries, where it may land, and what screen readers hear. */

import {
  closestCorners,
  pointerWithin,
  rectIntersection,
  type Active,
  type Announcements,
  type CollisionDetection,
  type Over,
  type ScreenReaderInstructions,
} from '@dnd-kit/core';
import type { SortingStrategy } from '@dnd-kit/sortable';

import type { BoardCard, ColumnKey } from './api';

/** The data each draggable card and droppable cell carries. */
export interface DragData {
  type: 'card' | 'cell';
  /** The swimlane's key: a card moves within its own lane. */
  lane: string;
  column: ColumnKey;
  /** Cards only: the card as it was when the drag began. */
  card?: BoardCard;
}

export function dragDataOf(item: Active | Over | null | undefined): DragData | undefined {
  return item?.data.current as DragData | undefined;
}

/**
 * Where a dragged card lands: a cell (or a card in it) of its own swimlane only, since a
 * move changes the column, never the department or owner. The pointer must be over it (or
 * the card overlap it); the keyboard takes the nearest.
 */
export const laneCollision: CollisionDetection = (args) => {
  const lane = dragDataOf(args.active)?.lane;
  const droppableContainers = args.droppableContainers.filter(
    (container) => (container.data.current as DragData | undefined)?.lane === lane,
  );
  const scoped = { ...args, droppableContainers };
  if (args.pointerCoordinates) {
    const hits = pointerWithin(scoped);
    return hits.length > 0 ? hits : rectIntersection(scoped);
  }
  return closestCorners(scoped);
};

/** Cards keep the board's order while one is dragged over them: a column has no manual order to change. */
export const keepOrder: SortingStrategy = () => null;

export const SCREEN_READER_INSTRUCTIONS: ScreenReaderInstructions = {
  draggable:
    'To move this card, press Space or Enter to pick it up, use the left and right arrow keys to choose a column, ' +
    'then press Space or Enter to drop it there, or Escape to cancel. The card menu also has Move to.',
};

/** The announcements, naming the card and columns; a card passing over cards of one column is announced once. */
export function boardAnnouncements(columnLabel: (key: ColumnKey) => string): Announcements {
  let lastColumn: ColumnKey | null = null;
  const nameOf = (active: Active) => dragDataOf(active)?.card?.name ?? 'The card';
  const fromOf = (active: Active) => dragDataOf(active)?.column;

  return {
    onDragStart({ active }) {
      const from = fromOf(active);
      lastColumn = from ?? null;
      return `Picked up ${nameOf(active)}${from ? ` in ${columnLabel(from)}` : ''}.`;
    },
    onDragOver({ active, over }) {
      const to = dragDataOf(over)?.column;
      if (!to) {
        lastColumn = null;
        return `${nameOf(active)} is not over a column.`;
      }
      if (to === lastColumn) return undefined;
      lastColumn = to;
      return `${nameOf(active)} is over ${columnLabel(to)}.`;
    },
    onDragEnd({ active, over }) {
      const from = fromOf(active);
      const to = dragDataOf(over)?.column;
      if (to && to !== from) return `${nameOf(active)} was dropped in ${columnLabel(to)}.`;
      return `${nameOf(active)} was dropped back${from ? ` in ${columnLabel(from)}` : ''}.`;
    },
    onDragCancel({ active }) {
      const from = fromOf(active);
      return `Moving ${nameOf(active)} was cancelled${from ? `; it stays in ${columnLabel(from)}` : ''}.`;
    },
  };
}
