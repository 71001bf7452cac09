import { TravelImage } from './travel-image';

/** "Jamie Morgan" → "JM": the first letters of the first two words. */
const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');

/** A person's photo, or their initials in a circle; decorative (the name is printed beside it). */
export function PersonAvatar({ name, imageUrl, className }: { name: string; imageUrl: string | null; className: string }) {
  return imageUrl ? (
    <TravelImage src={imageUrl} alt="" className={`${className} shrink-0 rounded-full object-cover`} />
  ) : (
    <span
      aria-hidden="true"
      className={`${className} flex shrink-0 items-center justify-center rounded-full font-semibold text-brand-800`}
    >
      {initialsOf(name)}
    </span>
  );
}
