/**
 * The slot of the Caracterização tab where the sample's photos go. The
 * photo pipeline (capture, reduction, thumbnails, carousel, delete) is
 * samples-photos' (./photos and src/ui/photos): it replaces this body with
 * its component, keeping these props. `sampleKey` is the sample's local key
 * (its files are `useRecordFiles('sample_files', sampleKey)`);
 * `beforeCamera` must be awaited before the camera opens.
 */
export interface SamplePhotosSlotProps {
  sampleKey: string;
  readOnly: boolean;
  beforeCamera(): Promise<void>;
}

export function SamplePhotosSlot(_props: SamplePhotosSlotProps) {
  return null;
}
