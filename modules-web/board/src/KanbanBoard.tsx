import { Fragment, useCallback, useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import { Badge, Group, Text } from '@mantine/core';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates } from '@dnd-kit/sortable';

import type { PeopleIndex } from '@common/domain/people';
import { columnLabel as labelOfColumn, type BoardCard, type BoardColumn, type ColumnKey } from './api';
import {
  SCREEN_READER_INSTRUCTIONS,
  boardAnnouncements,
  dragDataOf,
  keepOrder,
  laneCollision,
  type DragData,
} from './dnd';
import { BoardScroller, COLUMN_MARK } from './BoardScroller';
import { CardPreview, SortableCard } from './KanbanCard';
import type { Lane, LaneMode } from './lanes';
import { isAtLimit } from './move';
import classes from './BoardPage.module.css';

interface KanbanBoardProps {
  columns: readonly BoardColumn[];
  lanes: readonly Lane[];
  laneMode: LaneMode;
  people: PeopleIndex;
  /** The card whose handle takes the focus when it mounts (after a keyboard move). */
  focusCardId: string | null;
  onFocused: () => void;
  onOpen: (card: BoardCard) => void;
  /** `refocus`: the move came from the keyboard or the card menu, whose focus the moved card takes back. */
  onMove: (card: BoardCard, to: ColumnKey, refocus: boolean) => void;
  onDraggingChange: (dragging: boolean) => void;
  /** Shown above the board, beside its scroll cue (the card count). */
  status: ReactNode;
}

function ColumnHeader({ column }: { column: BoardColumn }) {
  const full = isAtLimit(column);
  const count = column.wip_limit !== null ? `${column.count} / ${column.wip_limit}` : String(column.count);
  const spoken =
    column.wip_limit !== null
      ? `${column.count} of a WIP limit of ${column.wip_limit}${full ? ', at the limit' : ''}`
      : `${column.count} cards`;
  return (
    <Group
      justify="space-between"
      gap="xs"
      wrap="nowrap"
      className={classes.columnHeader}
      data-full={full || undefined}
      {...COLUMN_MARK}
    >
      <Text fw={700} size="sm" className={classes.wrap}>
        {column.label}
      </Text>
      <Badge
        variant={full ? 'filled' : 'light'}
        color={full ? 'red' : 'gray'}
        aria-label={spoken}
        className={classes.count}
      >
        {count}
      </Badge>
    </Group>
  );
}

interface CellProps {
  id: string;
  lane: Lane;
  column: BoardColumn;
  laneMode: LaneMode;
  /** A dragged card is over this cell. */
  over: boolean;
  dragging: boolean;
  renderCard: (card: BoardCard, lane: string) => ReactNode;
}

function Cell({ id, lane, column, laneMode, over, dragging, renderCard }: CellProps) {
  const data: DragData = { type: 'cell', lane: lane.key, column: column.key };
  const { setNodeRef } = useDroppable({ id, data });
  const cards = lane.cells[column.key] ?? [];
  const label = laneMode === 'none' ? column.label : `${column.label}, ${lane.label}`;
  return (
    <div
      ref={setNodeRef}
      className={classes.cell}
      data-over={over || undefined}
      data-full={(over && isAtLimit(column)) || undefined}
    >
      <SortableContext id={id} items={cards.map((card) => card.process_id)} strategy={keepOrder}>
        {cards.length === 0 ? (
          <Text size="xs" c="dimmed" ta="center" py="sm">
            {dragging ? 'Drop here' : 'No cards'}
          </Text>
        ) : (
          <ul className={classes.cellList} aria-label={label}>
            {cards.map((card) => (
              <li key={card.process_id}>{renderCard(card, lane.key)}</li>
            ))}
          </ul>
        )}
      </SortableContext>
    </div>
  );
}

/** The kanban: column headers, then per swimlane a row of cells; cards move by drag, keyboard or menu. */
export function KanbanBoard(props: KanbanBoardProps) {
  const { columns, lanes, laneMode, people, focusCardId, onFocused, onOpen, onMove, onDraggingChange, status } = props;
  const sensors = useSensors(
    // A few pixels of travel before a drag starts, so that clicks on the card's buttons stay clicks.
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const [active, setActive] = useState<BoardCard | null>(null);
  const [over, setOver] = useState<{ lane: string; column: ColumnKey } | null>(null);

  const columnLabel = useCallback((key: ColumnKey) => labelOfColumn(columns, key), [columns]);
  const announcements = useMemo(() => boardAnnouncements(columnLabel), [columnLabel]);
  const menuColumns = useMemo(() => columns.map(({ key, label }) => ({ key, label })), [columns]);

  const finish = () => {
    setActive(null);
    setOver(null);
    onDraggingChange(false);
  };
  const onDragStart = ({ active: dragged }: DragStartEvent) => {
    setActive(dragDataOf(dragged)?.card ?? null);
    onDraggingChange(true);
  };
  const onDragOver = ({ over: target }: DragOverEvent) => {
    const data = dragDataOf(target);
    setOver(data ? { lane: data.lane, column: data.column } : null);
  };
  const onDragEnd = ({ active: dragged, over: target, activatorEvent }: DragEndEvent) => {
    const card = dragDataOf(dragged)?.card;
    const to = dragDataOf(target)?.column;
    finish();
    if (card && to && to !== card.column) onMove(card, to, activatorEvent instanceof KeyboardEvent);
  };

  const renderCard = (card: BoardCard, lane: string) => (
    <SortableCard
      card={card}
      people={people}
      lane={lane}
      columns={menuColumns}
      autoFocus={card.process_id === focusCardId}
      onFocused={onFocused}
      onOpen={onOpen}
      onMove={(moved, to) => onMove(moved, to, true)}
    />
  );

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={laneCollision}
      accessibility={{ announcements, screenReaderInstructions: SCREEN_READER_INSTRUCTIONS }}
      onDragStart={onDragStart}
      onDragOver={onDragOver}
      onDragEnd={onDragEnd}
      onDragCancel={finish}
    >
      <BoardScroller label="Process board" status={status}>
        <div className={classes.grid} style={{ '--board-columns': columns.length } as CSSProperties}>
          {columns.map((column) => (
            <ColumnHeader key={column.key} column={column} />
          ))}
          {lanes.map((lane, laneIndex) => (
            <Fragment key={lane.key}>
              {laneMode !== 'none' && (
                <div className={classes.laneHeader}>
                  <div className={classes.laneLabel}>
                    <Text fw={700} size="sm">
                      {lane.label}
                    </Text>
                    <Badge variant="light" color="gray" aria-label={`${lane.total} cards`}>
                      {lane.total}
                    </Badge>
                  </div>
                </div>
              )}
              {columns.map((column) => (
                <Cell
                  key={column.key}
                  id={`cell:${laneIndex}:${column.key}`}
                  lane={lane}
                  column={column}
                  laneMode={laneMode}
                  over={over?.lane === lane.key && over.column === column.key}
                  dragging={active !== null}
                  renderCard={renderCard}
                />
              ))}
            </Fragment>
          ))}
        </div>
      </BoardScroller>
      {/* No drop animation: the card has already moved to its new column (optimistically). */}
      <DragOverlay dropAnimation={null}>{active ? <CardPreview card={active} people={people} /> : null}</DragOverlay>
    </DndContext>
  );
}
