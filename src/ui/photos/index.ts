/** Photos of a record: on-device reduction, the photo area (thumbnails, carousel, camera). */
export { PhotoArea, type PhotoAreaProps, type PhotoView } from './photo-area';
export { PhotoCarousel, type CarouselPhoto } from './photo-carousel';
export { brazilianDateTime, sampleStampLabel, stampLayout, stampText } from './photo-stamp';
export { PHOTO_FAILURE_MESSAGES, PhotoError, type PhotoFailure, photoErrorMessage, photoFailureOf } from './photo-errors';
export { PHOTO_TEXTS } from './photo-texts';
export { printPhotoDataUrl, type PrintSize } from './print-photo';
export { checkImages, isImageFile, makeThumbnail, PHOTO_REDUCTION, ReduceImageError, reduceImage, type ReducedImage } from './reduce-image';
