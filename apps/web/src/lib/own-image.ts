/**
 * The hint beside an image address field. The rule itself (the app's own pictures and uploaded
 * photos only) is the server's, shared through @naav/schemas/own-image: `isOwnImage`, `ownImageMessage`.
 */
export const ownImageHint = 'One of the app’s pictures, such as /images/lisbon.svg, or an uploaded photo’s address';
