/**
 * A record's photos (generic: sample characterization images now, any
 * record with an upload resource later). Take one with the camera
 * (`capture="environment"`) or choose several; images only ('Você não pode
 * enviar arquivos desse tipo.', warning 'Tipo de arquivo não suportado:
 * {type}'); each reduced on the device (reduce-image.ts) and kept there
 * with its line, as one unit, until the engine uploads it with its record.
 * 150×150 thumbnails with each photo's state, the preview carousel, and
 * delete with the shared confirmation ('Arquivo deletado com sucesso').
 *
 * The files and their actions come in as props (`useRecordFiles` of the
 * caller's resource), so the area knows no resource. `onBeforeCamera` runs,
 * and is awaited, in the click that opens the camera or the chooser: on
 * low-memory tablets the browser may kill the page while the camera app (or
 * the gallery) is in front, so the caller saves its form to the device
 * first; when that save fails, nothing opens. Near the device's storage
 * quota a warning says so before photos fail (docs/decisions/device-storage.md).
 */
import { useRef, useState } from 'react';
import { Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { RecordFields, RecordFile } from '@sync/react';
import type { RecordFilesState } from '@sync/react/use-record-files';
import { alertDanger, alertSuccess, alertWarning } from '@/ui/alerts';
import { ConfirmModal } from '@/ui/confirm-modal';
import { LowStorageWarning, useDeviceStorage } from '@/ui/device-storage';
import { PhotoCarousel } from './photo-carousel';
import { PHOTO_TEXTS } from './photo-texts';
import { PhotoThumbnail, type ThumbnailSource } from './photo-thumbnail';
import { photoErrorMessage } from './photo-errors';
import { checkImages, ReduceImageError, reduceImage, type ReducedImage } from './reduce-image';

/** What the area shows of a file line. */
export interface PhotoView {
  name: string;
  /** The server's 150×150 thumbnail (path relative to the API base), once the photo is on the server. */
  thumbnailPath: string | null;
}

export interface PhotoAreaProps<T> {
  /** The record's files: `useRecordFiles(resource, recordKey)`. */
  files: RecordFilesState<T>;
  describe: (file: RecordFile<T>) => PhotoView;
  /** The new line's own fields for a reduced photo (the parent link is filled in by the engine). */
  fieldsOf: (photo: ReducedImage, original: File) => RecordFields;
  /** Server bytes (the thumbnails), with the session; without it only the device's copies show. */
  download?: (path: string) => Promise<Blob>;
  /** Saves the caller's form to the device; awaited before the camera or the chooser opens. */
  onBeforeCamera?: () => unknown;
  /** Only look (no add, no delete). */
  readOnly?: boolean;
  title?: string;
  /** Drawn with the capture time on each new photo ('Amostra 12'; FIELD-UX item 10); none: no stamp. */
  stampLabel?: string;
}

/** A failure's reason in Portuguese (photo-errors.ts): never '[object Event]' nor a browser's English. */
function messageOf(error: unknown, fallback?: string): string {
  return error instanceof ReduceImageError ? error.message : photoErrorMessage(error, fallback);
}

function thumbnailSource<T>(file: RecordFile<T>, view: PhotoView, props: PhotoAreaProps<T>): ThumbnailSource | null {
  if (file.availableOffline) {
    const { files } = props;
    return { id: `device:${file.key}`, load: async () => (await files.thumbnail(file.key)) ?? files.bytes(file.key) };
  }
  const path = view.thumbnailPath;
  const download = props.download;
  if (path && download) return { id: `server:${path}`, load: () => download(path) };
  return null;
}

export function PhotoArea<T>(props: PhotoAreaProps<T>) {
  const { files, describe, fieldsOf, onBeforeCamera, readOnly = false, title = PHOTO_TEXTS.title, stampLabel } = props;
  const camera = useRef<HTMLInputElement>(null);
  const chooser = useRef<HTMLInputElement>(null);
  const [refused, setRefused] = useState(false);
  const [processing, setProcessing] = useState(false);
  const [opening, setOpening] = useState(false);
  const [viewing, setViewing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<{ key: string; name: string } | null>(null);
  const [removing, setRemoving] = useState(false);
  const storage = useDeviceStorage();

  const list = files.loading ? [] : files.files;
  const views = list.map((file) => ({ file, view: describe(file) }));

  const open = async (input: HTMLInputElement | null) => {
    if (!input) return;
    setOpening(true);
    try {
      await onBeforeCamera?.();
    } catch (error) {
      alertDanger(messageOf(error, PHOTO_TEXTS.beforeCameraFailed));
      return;
    } finally {
      setOpening(false);
    }
    input.click();
  };

  const take = async (chosen: File[]) => {
    if (chosen.length === 0) return;
    const check = checkImages(chosen);
    if (!check.ok) {
      setRefused(true);
      for (const warning of check.warnings) alertWarning(warning);
      return;
    }
    setRefused(false);
    setProcessing(true);
    try {
      // One at a time: a 12 MP photo decoded takes about 48 MB, and a tablet has little to spare.
      const reduced: { photo: ReducedImage; original: File }[] = [];
      for (const original of check.images) {
        try {
          reduced.push({ photo: await reduceImage(original, { stampLabel }), original });
        } catch (error) {
          alertDanger(error instanceof ReduceImageError ? error.message : PHOTO_TEXTS.processFailed(messageOf(error)));
        }
      }
      if (reduced.length === 0) return;
      await files.add(reduced.map(({ photo, original }) => ({ file: photo, fields: fieldsOf(photo, original) })));
    } catch (error) {
      alertDanger(PHOTO_TEXTS.filesFailed(messageOf(error)));
    } finally {
      setProcessing(false);
      // The photo just kept (or the one that failed) moved the device nearer its quota.
      void storage.refresh();
    }
  };

  const onChosen = (event: React.ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const chosen = Array.from(input.files ?? []);
    // Cleared so the same file can be chosen again.
    input.value = '';
    void take(chosen);
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setRemoving(true);
    try {
      await files.remove(deleting.key);
      alertSuccess(PHOTO_TEXTS.deleted);
    } catch (error) {
      alertDanger(PHOTO_TEXTS.deleteFailed(messageOf(error)));
    } finally {
      setRemoving(false);
      setDeleting(null);
    }
  };

  const busy = processing || opening;
  return (
    <Stack gap="sm" data-testid="photo-area">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Title order={5}>{title}</Title>
        {readOnly ? null : (
          <Group gap="sm" wrap="wrap">
            <Button mih={44} onClick={() => void open(camera.current)} disabled={busy || files.loading}>
              {PHOTO_TEXTS.camera}
            </Button>
            <Button mih={44} variant="default" onClick={() => void open(chooser.current)} disabled={busy || files.loading}>
              {PHOTO_TEXTS.choose}
            </Button>
            <input ref={camera} type="file" accept="image/*" capture="environment" hidden onChange={onChosen} data-testid="photo-camera-input" />
            <input ref={chooser} type="file" accept="image/*" multiple hidden onChange={onChosen} data-testid="photo-files-input" />
          </Group>
        )}
      </Group>
      {readOnly ? null : <LowStorageWarning level={storage.estimate?.level} />}
      {refused ? (
        <Text c="red" size="sm" data-testid="photo-refused" aria-live="polite">
          {PHOTO_TEXTS.refused}
        </Text>
      ) : null}
      {processing ? (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm">{PHOTO_TEXTS.processing}</Text>
        </Group>
      ) : null}
      {files.loading ? null : views.length === 0 ? (
        <Text c="dimmed" size="sm">
          {PHOTO_TEXTS.empty}
        </Text>
      ) : (
        <Group gap="sm" wrap="wrap" data-testid="photo-grid">
          {views.map(({ file, view }, index) => (
            <PhotoThumbnail
              key={file.key}
              file={file as RecordFile<unknown>}
              name={view.name}
              source={thumbnailSource(file, view, props)}
              onOpen={() => setViewing(index)}
              onDelete={readOnly ? undefined : () => setDeleting({ key: file.key, name: view.name })}
            />
          ))}
        </Group>
      )}
      <PhotoCarousel
        photos={views.map(({ file, view }) => ({ key: file.key, name: view.name }))}
        index={viewing}
        onIndexChange={setViewing}
        onClose={() => setViewing(null)}
        load={files.bytes}
      />
      <ConfirmModal
        opened={deleting !== null}
        message={PHOTO_TEXTS.confirmDelete}
        loading={removing}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
