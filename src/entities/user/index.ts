/** What the users and profile screens share: the role label, the image input, the offline notice and the form-data body. */
export { roleLabel } from './role-label';
export { UserImageInput, isImageFile, type UserImageInputProps } from './user-image-input';
export { OnlineOnlyNotice } from './online-only-notice';
export { toFormData, type FormValue } from './form-data';
export { USER_ENTITY_TEXTS } from './user-texts';
