/**
 * The signed-in user's profile picture: a data URL cached in local
 * storage and fetched only when absent; any failure silently means no picture.
 */

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

import { api } from '../api/client';
import { queryKeys } from './queryClient';

export function pictureStorageKey(userId: string): string {
  return `autoscope.profilePicture.${userId}`;
}

interface PictureAnswer {
  userdata: { mimetype: string; attachment: string };
}

function readCached(userId: string): string | null {
  try {
    return localStorage.getItem(pictureStorageKey(userId));
  } catch {
    return null;
  }
}

function writeCached(userId: string, dataUrl: string): void {
  try {
    localStorage.setItem(pictureStorageKey(userId), dataUrl);
  } catch {
    // A picture too large for the storage is fetched again next time.
  }
}

async function loadPicture(userId: string, token: string, signal: AbortSignal): Promise<string | null> {
  const cached = readCached(userId);
  if (cached) return cached;
  try {
    // No picture is an empty answer (204).
    const answer = await api<PictureAnswer | undefined>(`/users/getUploadedProfilePic/${encodeURIComponent(userId)}`, {
      token,
      signal,
    });
    if (!answer) return null;
    const dataUrl = `data:${answer.userdata.mimetype};base64,${answer.userdata.attachment}`;
    writeCached(userId, dataUrl);
    return dataUrl;
  } catch {
    return null;
  }
}

/** The picture as a data URL, or null when there is none (or it could not be had). */
export function useProfilePicture(userId: string, token: string): string | null {
  const { data } = useQuery({
    queryKey: queryKeys.picture(userId),
    queryFn: ({ signal }) => loadPicture(userId, token, signal),
    staleTime: Infinity,
    retry: false,
    enabled: Boolean(userId && token),
  });
  return data ?? null;
}

/** Replaces the cached picture after an upload, so every avatar shows it at once. */
export function useSetProfilePicture(userId: string): (dataUrl: string) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (dataUrl: string) => {
      writeCached(userId, dataUrl);
      queryClient.setQueryData(queryKeys.picture(userId), dataUrl);
    },
    [queryClient, userId],
  );
}
