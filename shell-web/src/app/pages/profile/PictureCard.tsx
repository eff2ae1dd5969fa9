/**
 * The profile picture: choose, preview, upload (POST /api/users/uploadProfilePic, a
 * multipart form with one field `file`). The host takes PNG, JPEG, GIF or WebP of at most
 * 1 MiB, decided by the bytes (host/src/users/pictures.rs); the same limits are checked
 * here first, with the host's words.
 */

import { Avatar, Button, Card, FileButton, Group, Stack, Text, Title } from '@mantine/core';
import { IconPhoto, IconUpload } from '@tabler/icons-react';
import { useRef, useState } from 'react';

import { api, failureMessage } from '../../../api';
import type { Session } from '../../../session';
import { notifyFailure, notifySuccess } from '../../../ui';
import { useSetProfilePicture } from '../../profilePicture';
import { UserAvatar } from '../../layout/UserAvatar';

export const PICTURE_MAX_BYTES = 1024 * 1024;
export const PICTURE_TOO_LARGE = 'The picture must be at most 1 MB';
export const PICTURE_NOT_AN_IMAGE = 'Please upload a PNG, JPEG, GIF or WebP image';
export const PICTURE_UPDATED = 'Profile picture updated';
const PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/** Why a chosen file cannot be a picture, or null when it may be sent. */
export function pictureProblem(file: { type: string; size: number }): string | null {
  if (!PICTURE_TYPES.includes(file.type)) return PICTURE_NOT_AN_IMAGE;
  if (file.size > PICTURE_MAX_BYTES) return PICTURE_TOO_LARGE;
  return null;
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

export function PictureCard({ session }: { session: Session }) {
  const setPicture = useSetProfilePicture(session.userdata.user_id);
  const [chosen, setChosen] = useState<{ file: File; preview: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const resetRef = useRef<() => void>(null);

  const choose = async (file: File | null) => {
    resetRef.current?.();
    if (!file) return;
    const found = pictureProblem(file);
    setProblem(found);
    if (found) {
      setChosen(null);
      return;
    }
    try {
      setChosen({ file, preview: await readAsDataUrl(file) });
    } catch {
      setProblem(PICTURE_NOT_AN_IMAGE);
    }
  };

  const upload = async () => {
    if (!chosen) return;
    setUploading(true);
    try {
      const form = new FormData();
      form.append('file', chosen.file);
      const answer = await api<{ message?: string }>('/users/uploadProfilePic', {
        method: 'POST',
        raw: form,
        token: session.token,
      });
      setPicture(chosen.preview);
      setChosen(null);
      notifySuccess(answer?.message ?? PICTURE_UPDATED);
    } catch (err) {
      const message = failureMessage(err);
      setProblem(message);
      notifyFailure(message);
    } finally {
      setUploading(false);
    }
  };

  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h4" mb="md">
        Profile picture
      </Title>
      <Stack align="center" gap="sm">
        {chosen ? (
          <Avatar src={chosen.preview} size={120} radius={120} alt="Preview of the new picture" />
        ) : (
          <UserAvatar size={120} radius={120} />
        )}
        <Text size="xs" c="dimmed" ta="center">
          PNG, JPEG, GIF or WebP, at most 1 MB.
        </Text>
        {problem && (
          <Text size="sm" c="red" role="alert" ta="center">
            {problem}
          </Text>
        )}
        <Group justify="center" gap="xs">
          <FileButton onChange={(file) => void choose(file)} accept={PICTURE_TYPES.join(',')} resetRef={resetRef}>
            {(props) => (
              <Button {...props} variant="default" leftSection={<IconPhoto size={18} />}>
                {chosen ? 'Choose another' : 'Choose a picture'}
              </Button>
            )}
          </FileButton>
          {chosen && (
            <>
              <Button leftSection={<IconUpload size={18} />} loading={uploading} onClick={() => void upload()}>
                Upload
              </Button>
              <Button variant="subtle" color="gray" disabled={uploading} onClick={() => setChosen(null)}>
                Cancel
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
