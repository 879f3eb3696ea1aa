/**
 * The sample's characterization images (spec samples.md sections 3, 5, 9):
 * the generic photo area (src/ui/photos) over the sample's `sample_files`
 * lines. Photos are reduced and kept on the device at once, and uploaded by
 * the engine with the sample (each file once its sample is on the server);
 * thumbnails are the device's copy, else the server's `url` at w=150&h=150
 * through the session. `beforeCamera` (the sample page's draft flush) runs
 * before the camera or the chooser opens. Each new photo is stamped with the
 * sample's number (or 'Amostra' and its local marker before the server
 * numbers it) and the capture time (FIELD-UX item 10).
 */
import { useCallback } from 'react';
import type { LocalSampleFile, RecordFile } from '@sync/react';
import { useSyncContext } from '@sync/react/context';
import { useLocalRecord } from '@sync/react/use-local-record';
import { useRecordFiles } from '@sync/react/use-record-files';
import { PhotoArea, type PhotoView, type ReducedImage, sampleStampLabel } from '@/ui/photos';

export interface SamplePhotosProps {
  /** The sample's local key. */
  sampleKey: string;
  readOnly: boolean;
  beforeCamera(): Promise<void>;
}

/** The server's thumbnail of a file url (spec section 7: "requested from the file url with w=150 and h=150"). */
export function thumbnailPathOf(url: string | null): string | null {
  if (!url) return null;
  return `${url}${url.includes('?') ? '&' : '?'}w=150&h=150`;
}

function describeSampleFile(file: RecordFile<LocalSampleFile>): PhotoView {
  const line = file.record;
  return { name: line.name ?? line.file_name ?? 'imagem.jpg', thumbnailPath: thumbnailPathOf(line.url) };
}

/** The new line's fields: what the screens show before the server answers (name, type, size); url comes from the server. */
function sampleFileFields(photo: ReducedImage) {
  return { name: photo.fileName, file_name: photo.fileName, type: photo.type, size: photo.blob.size, url: null };
}

export function SamplePhotos({ sampleKey, readOnly, beforeCamera }: SamplePhotosProps) {
  const { engine } = useSyncContext();
  const files = useRecordFiles('sample_files', sampleKey);
  const sample = useLocalRecord('samples', sampleKey);
  const stampLabel = sampleStampLabel(sample.loading ? null : sample.record?.sample_no, sampleKey);
  const download = useCallback(
    (path: string) => {
      if (!engine) return Promise.reject(new Error('Sem conexão com o servidor.'));
      return engine.files.download(path);
    },
    [engine],
  );
  return (
    <PhotoArea<LocalSampleFile>
      files={files}
      describe={describeSampleFile}
      fieldsOf={sampleFileFields}
      download={download}
      onBeforeCamera={beforeCamera}
      readOnly={readOnly}
      stampLabel={stampLabel}
    />
  );
}
