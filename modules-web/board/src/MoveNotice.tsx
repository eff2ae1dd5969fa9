import { useEffect, useState } from 'react';
import { Affix, Button, CloseButton, Group, Paper, Text } from '@mantine/core';

import classes from './BoardPage.module.css';

/** How long the acknowledgement stays, unless the pointer or the focus is on it. */
const SHOWN_MS = 10_000;

export interface MoveAcknowledgement {
  /** Tells one acknowledgement from the next (each shows for its own time). */
  id: number;
  /** "Moved Invoice matching to Analysis". */
  message: string;
  /** Whether the move can be undone (an undo itself cannot). */
  undoable: boolean;
}

interface MoveNoticeProps {
  notice: MoveAcknowledgement | null;
  onUndo: () => void;
  /** Stable: the notice's timer restarts when it changes. */
  onDismiss: () => void;
}

function NoticeCard({ notice, onUndo, onDismiss }: MoveNoticeProps & { notice: MoveAcknowledgement }) {
  const [held, setHeld] = useState({ pointer: false, focus: false });
  const heldAtAll = held.pointer || held.focus;

  useEffect(() => {
    if (heldAtAll) return;
    const timer = window.setTimeout(onDismiss, SHOWN_MS);
    return () => window.clearTimeout(timer);
  }, [heldAtAll, onDismiss]);

  return (
    <Paper
      withBorder
      shadow="md"
      radius="md"
      py={6}
      px="md"
      className={classes.notice}
      onPointerEnter={() => setHeld((current) => ({ ...current, pointer: true }))}
      onPointerLeave={() => setHeld((current) => ({ ...current, pointer: false }))}
      onFocus={() => setHeld((current) => ({ ...current, focus: true }))}
      onBlur={() => setHeld((current) => ({ ...current, focus: false }))}
    >
      <Group gap="xs" wrap="nowrap">
        <Text size="sm" className={classes.wrap}>
          {notice.message}
        </Text>
        {notice.undoable && (
          <Button variant="subtle" size="compact-sm" onClick={onUndo}>
            Undo
          </Button>
        )}
        <CloseButton size="sm" aria-label="Dismiss" onClick={onDismiss} />
      </Group>
    </Paper>
  );
}

/**
 * The acknowledgement of the last move, at the foot of the screen (the shell's snackbar, at
 * the top, carries no action), with Undo; said to screen readers as it appears.
 */
export function MoveNotice({ notice, onUndo, onDismiss }: MoveNoticeProps) {
  return (
    <Affix position={{ bottom: 16, left: 0, right: 0 }} className={classes.noticeDock}>
      {/* Always there, so that what appears in it is announced. */}
      <div role="status" aria-live="polite">
        {notice && <NoticeCard key={notice.id} notice={notice} onUndo={onUndo} onDismiss={onDismiss} />}
      </div>
    </Affix>
  );
}
