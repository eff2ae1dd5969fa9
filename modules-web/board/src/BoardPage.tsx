import { useCallback, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Group, Loader, Paper, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IconFilterOff, IconLayoutKanban } from '@tabler/icons-react';
import { useCurrentUser, useModuleApi, useNotify, usePageTitle, useRealtime } from '@autoscope/web-sdk';

import { EmptyNotice } from '@common/ui/EmptyNotice';
import { errorMessage } from '@common/lib/errors';
import { countText } from '@common/lib/lists';
import { nameOf } from '@common/domain/people';
import { usePeople } from '@common/lib/queries';
import { QueryError } from '@common/ui/QueryError';
import {
  COLUMN_KEYS,
  MOVE_MUTATION_KEY,
  boardApi,
  boardKeys,
  columnLabel as labelOfColumn,
  hasFilters,
  type BoardAnswer,
  type BoardCard,
  type BoardFilters as Filters,
  type ColumnKey,
} from './api';
import { BoardFilters } from './BoardFilters';
import { CardDrawer } from './CardDrawer';
import { KanbanBoard } from './KanbanBoard';
import { groupIntoLanes, type LaneMode } from './lanes';
import { applyMove, movedCard, patchCard, revertMove, undoTarget, type UndoTarget } from './move';
import { MoveNotice, type MoveAcknowledgement } from './MoveNotice';
import { NO_FILTERS, filtersFromParams, laneModeFromParams, withFilters, withLaneMode } from './urlState';
import { WipSettingsModal } from './WipSettingsModal';
import classes from './BoardPage.module.css';

/** What the module's `board` channel carries after each move. */
interface BoardMessage {
  process_id: string;
  stage: string;
}

interface MoveRequest {
  /** The card as it was before the move (what a failure puts back). */
  card: BoardCard;
  to: ColumnKey;
  /** The stage the card takes there when the column's rule is not to decide (an undo's). */
  stage?: string;
  /** The board query the move was applied to. */
  key: readonly unknown[];
  /** The card's handle takes the focus back wherever the card lands (keyboard and menu moves). */
  refocus: boolean;
  /** The move puts back the last one (its acknowledgement offers no undo). */
  undo: boolean;
}

/** The last move's acknowledgement, with what its Undo moves where. */
interface LastMove extends MoveAcknowledgement {
  /** The card as the move left it (with its new version). */
  card: BoardCard;
  undoTo: UndoTarget | null;
}

/** "12 cards", or "1 card matches the filters". */
function cardCount(count: number, filtered: boolean): string {
  const cards = countText(count, ['card', 'cards']);
  if (!filtered) return cards;
  return `${cards} ${count === 1 ? 'matches' : 'match'} the filters`;
}

/** Process Board: the processes of Process Vault as a kanban by stage, with swimlanes, filters and WIP limits. */
export default function BoardPage() {
  const api = useModuleApi();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const userId = useCurrentUser()?.id ?? '';

  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const laneMode = laneModeFromParams(params);
  const setFilters = (next: Filters) => setParams((current) => withFilters(current, next), { replace: true });
  const setLaneMode = (mode: LaneMode) => setParams((current) => withLaneMode(current, mode), { replace: true });
  const [openCard, setOpenCard] = useState<{ id: string; name: string } | null>(null);
  const [wipOpen, setWipOpen] = useState(false);
  // Said to screen readers when a move fails (dnd-kit announces the drag itself, the notice a move).
  const [spoken, setSpoken] = useState('');
  const [focusCardId, setFocusCardId] = useState<string | null>(null);
  const [lastMove, setLastMove] = useState<LastMove | null>(null);
  const moveCount = useRef(0);
  const dismissMove = useCallback(() => setLastMove(null), []);

  const boardKey = boardKeys.board(userId, filters);
  const board = useQuery({
    queryKey: boardKey,
    queryFn: ({ signal }) => boardApi.board(api, filters, signal),
    placeholderData: keepPreviousData,
  });
  const people = usePeople();
  const columns = useMemo(() => board.data?.columns ?? [], [board.data]);
  const cards = useMemo(() => board.data?.cards ?? [], [board.data]);
  const cardDepartments = useMemo(() => cards.map((card) => card.department), [cards]);
  const lanes = useMemo(
    () =>
      groupIntoLanes(
        cards,
        columns.map((column) => column.key),
        laneMode,
        (id) => nameOf(people.byId, id) ?? '',
      ),
    [cards, columns, laneMode, people.byId],
  );
  const columnLabel = useCallback((key: ColumnKey) => labelOfColumn(columns, key), [columns]);

  // Refetches wait while a card is dragged or a move is in flight, so the board does not jump back under the user.
  const dragging = useRef(false);
  const refreshPending = useRef(false);
  const refresh = useCallback(() => {
    if (dragging.current || queryClient.isMutating({ mutationKey: MOVE_MUTATION_KEY }) > 0) {
      refreshPending.current = true;
      return;
    }
    refreshPending.current = false;
    void queryClient.invalidateQueries({ queryKey: boardKeys.boards(userId) });
  }, [queryClient, userId]);

  useRealtime<BoardMessage>(
    'board',
    (message) => {
      refresh();
      if (openCard && message?.process_id === openCard.id) {
        void queryClient.invalidateQueries({ queryKey: boardKeys.card(userId, openCard.id) });
      }
    },
    {
      onGap: () => {
        refresh();
        void queryClient.invalidateQueries({ queryKey: boardKeys.cards(userId) });
      },
    },
  );

  const move = useMutation({
    mutationKey: MOVE_MUTATION_KEY,
    mutationFn: ({ card, to, stage }: MoveRequest) => boardApi.move(api, card, to, stage),
    onSuccess: (answer, { card, to, stage, key, undo }) => {
      // The process's new version, so that the card can move again (or back) before the refetch lands.
      const version = answer?.card?.version;
      if (typeof version === 'number') {
        queryClient.setQueryData<BoardAnswer>(key, (old) => (old ? patchCard(old, card.process_id, { version }) : old));
      }
      const moved = { ...movedCard(card, to, stage), version: version ?? card.version };
      const undoTo = undo ? null : undoTarget(card, moved);
      moveCount.current += 1;
      setLastMove({
        id: moveCount.current,
        message: `Moved ${card.name} ${undo ? 'back ' : ''}to ${columnLabel(to)}`,
        undoable: undoTo !== null,
        card: moved,
        undoTo,
      });
    },
    onError: (error, { card, key, refocus }) => {
      queryClient.setQueryData<BoardAnswer>(key, (old) => (old ? revertMove(old, card) : old));
      if (refocus) setFocusCardId(card.process_id);
      notify.error(error);
      setSpoken(`${card.name} stays in ${columnLabel(card.column)}: ${errorMessage(error)}`);
    },
    onSettled: (_answer, _error, { card }) => {
      // The last move to settle refetches: the server's truth (counts, versions, other users' moves).
      if (queryClient.isMutating({ mutationKey: MOVE_MUTATION_KEY }) === 1) {
        refreshPending.current = false;
        void queryClient.invalidateQueries({ queryKey: boardKeys.boards(userId) });
      }
      void queryClient.invalidateQueries({ queryKey: boardKeys.card(userId, card.process_id) });
    },
  });

  /** Moves `card` to `to`; `undone` is the move this one takes back (its stage is put back too). */
  const moveCard = (card: BoardCard, to: ColumnKey, refocus: boolean, undone?: UndoTarget) => {
    if (card.column === to) return;
    setLastMove(null);
    // Applied at once (not in onMutate, which runs a tick later): the card must not flash back after the drop.
    void queryClient.cancelQueries({ queryKey: boardKeys.boards(userId) });
    const stage = undone?.stage;
    queryClient.setQueryData<BoardAnswer>(boardKey, (old) => (old ? applyMove(old, card.process_id, to, stage) : old));
    if (refocus) setFocusCardId(card.process_id);
    move.mutate({ card, to, stage, key: boardKey, refocus, undo: undone !== undefined });
  };
  // The card's handle takes the focus from the notice's Undo, which goes away.
  const undoLastMove = () => {
    if (lastMove?.undoTo) moveCard(lastMove.card, lastMove.undoTo.column, true, lastMove.undoTo);
  };

  const onDraggingChange = useCallback(
    (value: boolean) => {
      dragging.current = value;
      if (!value && refreshPending.current) refresh();
    },
    [refresh],
  );
  const onFocused = useCallback(() => setFocusCardId(null), []);

  usePageTitle({
    heading: 'Process Board',
    breadcrumb: ['Process', 'Process Board'],
    buttons: [{ label: 'WIP limits', icon: 'settings', kind: 'secondary', onClick: () => setWipOpen(true) }],
  });

  const filtered = hasFilters(filters);
  const clearFilters = () => setFilters(NO_FILTERS);

  return (
    <div className={classes.page} data-testid="board-page">
      <Paper withBorder p="md">
        <BoardFilters
          filters={filters}
          onChange={setFilters}
          cardDepartments={cardDepartments}
          laneMode={laneMode}
          onLaneModeChange={setLaneMode}
        />
      </Paper>

      {board.isPending ? (
        <div className={classes.scroller} aria-busy="true" aria-label="Loading the board">
          <div className={classes.grid} style={{ ['--board-columns' as string]: COLUMN_KEYS.length }}>
            {COLUMN_KEYS.map((key) => (
              <Stack key={key} gap="xs">
                <Skeleton height={28} />
                <Skeleton height={90} />
                <Skeleton height={90} />
              </Stack>
            ))}
          </div>
        </div>
      ) : board.isError && !board.data ? (
        <QueryError title="The board could not be loaded" error={board.error} onRetry={() => void board.refetch()} />
      ) : (
        <>
          {board.isError && <QueryError error={board.error} onRetry={() => void board.refetch()} />}
          {cards.length === 0 && (
            <Paper withBorder p="lg">
              {filtered ? (
                <EmptyNotice
                  icon={IconFilterOff}
                  title="No cards match the filters"
                  description="Change or clear the filters to see more of the board."
                >
                  <Button variant="default" onClick={clearFilters}>
                    Clear filters
                  </Button>
                </EmptyNotice>
              ) : (
                <EmptyNotice
                  icon={IconLayoutKanban}
                  title="No processes on the board yet"
                  description="The processes of Process Vault appear here, one card each, in the column of their stage."
                />
              )}
            </Paper>
          )}
          <KanbanBoard
            columns={columns}
            lanes={lanes}
            laneMode={laneMode}
            people={people.byId}
            focusCardId={focusCardId}
            onFocused={onFocused}
            onOpen={(card) => setOpenCard({ id: card.process_id, name: card.name })}
            onMove={moveCard}
            onDraggingChange={onDraggingChange}
            status={
              <Group gap="xs" wrap="nowrap">
                <Text size="sm" c="dimmed" aria-live="polite">
                  {cardCount(cards.length, filtered)}
                </Text>
                {board.isFetching && <Loader size="xs" aria-label="Refreshing the board" />}
              </Group>
            }
          />
        </>
      )}

      <VisuallyHidden role="status" aria-live="polite">
        {spoken}
      </VisuallyHidden>
      <MoveNotice notice={lastMove} onUndo={undoLastMove} onDismiss={dismissMove} />

      <CardDrawer
        processId={openCard?.id ?? null}
        name={openCard?.name ?? ''}
        userId={userId}
        people={people.byId}
        onClose={() => setOpenCard(null)}
      />
      <WipSettingsModal opened={wipOpen} userId={userId} labelOf={columnLabel} onClose={() => setWipOpen(false)} />
    </div>
  );
}
