/**
 * Where a user's image is served: `GET /api/user/image/{storage key}`, a
 * public path whose random 128-bit key is the capability (an <img> cannot
 * send the bearer token). A new image gets a new key, so the answer is
 * cached for good and the URL changes with the image.
 */
export const USER_IMAGE_ROUTE = '/api/user/image/:key';

export function userImageUrl(storageKey: string): string {
  return `/api/user/image/${storageKey}`;
}
