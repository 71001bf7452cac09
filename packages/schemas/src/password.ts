/** How long a new password (sign-up, reset, change) must be at least, and may be at most. No zod here: the app's entry reads these. */
export const minPasswordLength = 12;
export const maxPasswordLength = 128;
