/**
 * The app's own images: a picture it ships (`/images/…`) or an uploaded photo
 * (`/api/photos/{id}/file` or `…/thumbnail`). The server refuses any other `imageUrl`
 * (packages/api/src/lib/schemas.ts, same rule); one stored by an older version is shown as
 * the fallback picture, never fetched.
 */
const ownImagePattern = /^(\/images\/(?!.*\.\.)[\w.-]+(\/[\w.-]+)*|\/api\/photos\/[\w-]{1,100}\/(file|thumbnail))$/;

export const isOwnImage = (url: string) => ownImagePattern.test(url);

export const ownImageMessage = "Use one of the app's pictures (/images/…) or an uploaded photo (/api/photos/{id}/file)";

export const ownImageHint = 'One of the app’s pictures, such as /images/lisbon.svg, or an uploaded photo’s address';
