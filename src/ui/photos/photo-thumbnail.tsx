/**
 * One photo of the area as a 150×150 thumbnail (spec section 9): from the
 * device when the bytes are here (the thumbnail made when the photo was
 * taken, else the photo itself, scaled; no network, works offline), else the server's thumbnail
 * (`?w=150&h=150`, through the session), else a plain 'not offline' tile.
 * With its state (on this device, sending, sent, failed with the reason)
 * and a delete control; a tap opens the carousel.
 */
import { ActionIcon, Badge, Box, Center, Loader, Text, Tooltip, UnstyledButton } from '@mantine/core';
import type { RecordFile } from '@sync/react';
import { PHOTO_TEXTS } from './photo-texts';
import { useBlobUrl } from './use-blob-url';

export const THUMBNAIL_PX = 150;
const CONTROL = 44;

const STATE_BADGE = {
  local: { color: 'yellow', label: PHOTO_TEXTS.pending },
  uploading: { color: 'blue', label: PHOTO_TEXTS.uploading },
  uploaded: { color: 'teal', label: PHOTO_TEXTS.uploaded },
  failed: { color: 'red', label: PHOTO_TEXTS.failed },
} as const;

export interface ThumbnailSource {
  /** Names the bytes (a new id loads again). */
  id: string;
  load: () => Promise<Blob>;
}

export interface PhotoThumbnailProps {
  file: RecordFile<unknown>;
  name: string;
  source: ThumbnailSource | null;
  onOpen: () => void;
  /** Absent when the user may not delete. */
  onDelete?: () => void;
}

export function PhotoThumbnail({ file, name, source, onOpen, onDelete }: PhotoThumbnailProps) {
  const image = useBlobUrl(source?.id ?? null, () => source!.load());
  const badge = STATE_BADGE[file.state];
  return (
    <Box pos="relative" w={THUMBNAIL_PX} h={THUMBNAIL_PX} data-testid="photo-thumbnail" data-state={file.state}>
      <UnstyledButton
        onClick={onOpen}
        aria-label={PHOTO_TEXTS.open(name)}
        w={THUMBNAIL_PX}
        h={THUMBNAIL_PX}
        style={{ borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden', background: 'var(--mantine-color-gray-1)', display: 'block' }}
      >
        {image.status === 'ready' ? (
          <img
            src={image.url}
            alt={name}
            width={THUMBNAIL_PX}
            height={THUMBNAIL_PX}
            decoding="async"
            style={{ objectFit: 'cover', display: 'block', width: THUMBNAIL_PX, height: THUMBNAIL_PX }}
          />
        ) : (
          <Center h={THUMBNAIL_PX} p="xs">
            {image.status === 'loading' ? (
              <Loader size="sm" />
            ) : (
              <Text size="xs" c="dimmed" ta="center">
                {PHOTO_TEXTS.notOnDevice}
              </Text>
            )}
          </Center>
        )}
      </UnstyledButton>
      <Tooltip label={file.problem?.message ?? ''} disabled={!file.problem} withinPortal>
        <Badge size="sm" color={badge.color} variant="filled" pos="absolute" bottom={6} left={6} data-testid="photo-state">
          {file.state === 'uploading' && file.progress && file.progress.total > 0
            ? `${badge.label} ${Math.floor((file.progress.loaded / file.progress.total) * 100)}%`
            : badge.label}
        </Badge>
      </Tooltip>
      {onDelete ? (
        <ActionIcon
          size={CONTROL}
          color="red"
          variant="filled"
          pos="absolute"
          top={4}
          right={4}
          aria-label={PHOTO_TEXTS.remove(name)}
          onClick={onDelete}
        >
          <TrashIcon />
        </ActionIcon>
      ) : null}
    </Box>
  );
}

function TrashIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M4 7h16M10 11v6M14 11v6M5 7l1 12a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
    </svg>
  );
}
