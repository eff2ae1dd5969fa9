/** What every part of the chat page reads: who I am, the company's people by id, and everyone's presence. */

import { createContext, useContext } from 'react';

import { nameOf, type PeopleIndex, type Person } from '@common/domain/people';
import { moduleAuthorName } from '../authors';
import type { PresenceMap } from '../presence';

export interface ChatContextValue {
  me: string;
  people: readonly Person[];
  byId: PeopleIndex;
  presence: PresenceMap;
}

export const ChatContext = createContext<ChatContextValue>({ me: '', people: [], byId: new Map(), presence: {} });

export function useChat(): ChatContextValue {
  return useContext(ChatContext);
}

/** A user id as a name ("Former user" when the directory no longer has them); a module author by its own name. */
export function useNameOf(): (userId: string) => string {
  const { byId } = useChat();
  return (userId: string) => moduleAuthorName(userId) ?? nameOf(byId, userId) ?? '…';
}
