// Without zod, so that a screen that only shows pictures does not load the schema library.

/**
 * The app's own images only: a picture it ships (`/images/…`) or an uploaded photo
 * (`/api/photos/{id}/file` or `…/thumbnail`). An outside address would make every visitor's
 * browser (the public share page's too) call a host we do not control; one stored by an older
 * version is shown as the fallback picture, never fetched.
 */
export const ownImagePattern =
  /^(\/images\/(?!.*\.\.)[\w.-]+(\/[\w.-]+)*|\/api\/photos\/[\w-]{1,100}\/(file|thumbnail))$/;
export const ownImageMessage = "Use one of the app's pictures (/images/…) or an uploaded photo (/api/photos/{id}/file)";
export const isOwnImage = (url: string) => ownImagePattern.test(url);
