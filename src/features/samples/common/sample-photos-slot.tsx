/**
 * The slot of the Caracterização tab where the sample's photos go: the
 * photo pipeline (capture, reduction, thumbnails, carousel, delete) of
 * ./photos and src/ui/photos. `sampleKey` is the sample's local key (its
 * files are `useRecordFiles('sample_files', sampleKey)`); `beforeCamera` is
 * awaited before the camera opens.
 */
import { memo } from 'react';
import { SamplePhotos } from './photos';

export interface SamplePhotosSlotProps {
  sampleKey: string;
  readOnly: boolean;
  beforeCamera(): Promise<void>;
}

/** Memoised: typing in the tab's fields changes none of its props. */
export const SamplePhotosSlot = memo(function SamplePhotosSlot(props: SamplePhotosSlotProps) {
  return <SamplePhotos {...props} />;
});
