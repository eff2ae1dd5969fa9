import { useState, type ReactNode } from 'react';
import { useNotify } from '@autoscope/web-sdk';

import { useMoveEvent } from '../api';
import type { Occurrence, Scope } from '../types';
import { ScopeModal } from './ScopeModal';

/** An occurrence dragged or resized in the calendar, not yet sent. */
export interface PendingMove {
  occurrence: Occurrence;
  start: number;
  end: number;
  /** Puts the event back where it was drawn. */
  revert: () => void;
}

/**
 * Sends drags (POST /events/{id}/move): a one-off event at once, an occurrence of a series after
 * asking which occurrences move (`question`, to render). Cancel or a refusal puts the event back.
 */
export function useMoveFlow(): { request: (move: PendingMove) => void; question: ReactNode } {
  const move = useMoveEvent();
  const notify = useNotify();
  const [asking, setAsking] = useState<PendingMove | null>(null);

  const send = (target: PendingMove, scope: Scope) =>
    move.mutate(
      {
        id: target.occurrence.event_id,
        body: {
          occurrence: target.occurrence.recurring ? target.occurrence.occurrence : null,
          scope,
          start: target.start,
          end: target.end,
        },
      },
      {
        onSuccess: () => notify('Event moved'),
        onError: (error) => {
          target.revert();
          notify.error(error);
        },
        onSettled: () => setAsking(null),
      },
    );

  const request = (target: PendingMove) => {
    if (target.occurrence.recurring) setAsking(target);
    else send(target, 'all');
  };

  const cancel = () => {
    asking?.revert();
    setAsking(null);
  };

  const question = (
    <ScopeModal
      opened={asking !== null}
      title="Move recurring event"
      onChoose={(scope) => asking && send(asking, scope)}
      onCancel={cancel}
      pending={move.isPending}
    />
  );
  return { request, question };
}
