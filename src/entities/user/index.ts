/** What the users and profile screens share: the role label, the image input, the offline notice, the form-data body and the council fields. */
export { roleLabel } from './role-label';
export { UserImageInput, isImageFile, type UserImageInputProps } from './user-image-input';
export { OnlineOnlyNotice } from './online-only-notice';
export { toFormData, type FormValue } from './form-data';
export { USER_ENTITY_TEXTS } from './user-texts';
export { CouncilFields, type CouncilField, type CouncilFieldsProps } from './council-fields';
export { councilValues, councilBody, type CouncilValues } from './council-values';
