/** Star labels of an interest's priority, 1–5. */
export const interestPriorityLabels: Record<number, string> = {
  1: 'Slight interest',
  2: 'Some interest',
  3: 'Moderate interest',
  4: 'High interest',
  5: 'Must-have!',
};

/** Interests plus wishlist items count towards a profile of this many. */
export const PROFILE_TARGET = 8;

/** The Profile Completion bar: shown only while 0 < total < 8. */
export function profileCompletion(
  interests: number,
  wishlist: number,
): { total: number; percent: number; show: boolean } {
  const total = interests + wishlist;
  return {
    total,
    percent: Math.min(100, Math.round((total / PROFILE_TARGET) * 100)),
    show: total > 0 && total < PROFILE_TARGET,
  };
}

/** Comma-separated tags, trimmed, blanks dropped. */
export function splitTags(text: string): string[] {
  return text
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag.length > 0);
}

/** Category colour, or the spec's fallback grey. */
export const categoryColor = (color: string | null | undefined) =>
  color && /^#[0-9a-f]{6}$/i.test(color) ? color : '#888888';
