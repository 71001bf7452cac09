import { useState, type ImgHTMLAttributes } from 'react';
import { isOwnImage } from '@naav/schemas/own-image';

export const fallbackImage = '/images/fallback.svg';

/** An image that shows the fallback picture when the URL is missing, not one of the app's own, or fails to load. */
export function TravelImage({
  src,
  alt,
  ...props
}: Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> & { src: string | null | undefined; alt: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      src={!src || failed || !isOwnImage(src) ? fallbackImage : src}
      alt={alt}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      {...props}
    />
  );
}
