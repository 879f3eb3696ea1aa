/**
 * The preview carousel (spec samples.md section 3: "open in a preview
 * carousel, arrow keys move, Escape closes"): one photo at a time, full
 * screen (a tablet in the hand), with 44 px previous/next/close controls,
 * a swipe to move, and 'n de total'. The photo's bytes come from the device,
 * else from the server (`load`), shown from an object URL.
 */
import { useEffect, useRef } from 'react';
import { ActionIcon, Center, Group, Image, Loader, Modal, Stack, Text } from '@mantine/core';
import { PHOTO_TEXTS } from './photo-texts';
import { useBlobUrl } from './use-blob-url';

export interface CarouselPhoto {
  key: string;
  name: string;
}

export interface PhotoCarouselProps {
  photos: readonly CarouselPhoto[];
  /** The photo shown; null when closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  /** The photo's full bytes. */
  load: (key: string) => Promise<Blob>;
}

const CONTROL = 44;
/** A horizontal swipe longer than this moves to the next or previous photo. */
const SWIPE_PX = 50;

export function PhotoCarousel({ photos, index, onIndexChange, onClose, load }: PhotoCarouselProps) {
  const opened = index !== null && photos.length > 0;
  const current = opened ? Math.min(index, photos.length - 1) : 0;
  const total = photos.length;
  const move = (step: number) => {
    if (total > 0) onIndexChange((current + step + total) % total);
  };
  const moveRef = useRef(move);
  moveRef.current = move;
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    if (!opened) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowLeft') moveRef.current(-1);
      else if (event.key === 'ArrowRight') moveRef.current(1);
      else if (event.key === 'Escape') closeRef.current();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [opened]);

  const touchStart = useRef<number | null>(null);
  const photo = opened ? photos[current] : undefined;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      fullScreen
      // Escape is handled above with the arrows, so every key works alike wherever the focus is.
      closeOnEscape={false}
      withCloseButton={false}
      padding="sm"
      aria-label={PHOTO_TEXTS.preview}
    >
      {photo ? (
        <Stack gap="sm" h="calc(100dvh - 2 * var(--mantine-spacing-sm))">
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm" truncate>
              {photo.name}
            </Text>
            <Group gap="sm" wrap="nowrap">
              <Text size="sm" c="dimmed" data-testid="carousel-counter">
                {PHOTO_TEXTS.counter(current + 1, total)}
              </Text>
              <ActionIcon size={CONTROL} variant="default" aria-label={PHOTO_TEXTS.close} onClick={onClose}>
                ✕
              </ActionIcon>
            </Group>
          </Group>
          <Group
            gap="sm"
            wrap="nowrap"
            style={{ flex: 1, minHeight: 0 }}
            onTouchStart={(event) => {
              touchStart.current = event.touches[0]?.clientX ?? null;
            }}
            onTouchEnd={(event) => {
              const start = touchStart.current;
              const end = event.changedTouches[0]?.clientX;
              touchStart.current = null;
              if (start === null || end === undefined || Math.abs(end - start) < SWIPE_PX) return;
              move(end < start ? 1 : -1);
            }}
          >
            <ActionIcon size={CONTROL} variant="default" aria-label={PHOTO_TEXTS.previous} onClick={() => move(-1)} disabled={total < 2}>
              ‹
            </ActionIcon>
            <Center style={{ flex: 1, minWidth: 0, height: '100%' }}>
              <FullPhoto key={photo.key} photo={photo} load={load} />
            </Center>
            <ActionIcon size={CONTROL} variant="default" aria-label={PHOTO_TEXTS.next} onClick={() => move(1)} disabled={total < 2}>
              ›
            </ActionIcon>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}

function FullPhoto({ photo, load }: { photo: CarouselPhoto; load: (key: string) => Promise<Blob> }) {
  const source = useBlobUrl(photo.key, () => load(photo.key));
  if (source.status === 'loading') return <Loader aria-label={PHOTO_TEXTS.processing} />;
  if (source.status === 'missing') return <Text c="dimmed">{source.error || PHOTO_TEXTS.notOnDevice}</Text>;
  return <Image src={source.url} alt={photo.name} fit="contain" mah="100%" maw="100%" data-testid="carousel-photo" />;
}
