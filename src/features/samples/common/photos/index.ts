/** The sample's photos (characterization images). */
export { SamplePhotos, type SamplePhotosProps } from './sample-photos';
