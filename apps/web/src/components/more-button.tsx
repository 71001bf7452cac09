import { Button, type ButtonSize } from '@naav/ui/button';

/** The part of an infinite query a "more" button reads. */
interface Pages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** Loads a paged list's next page ("Loading…" meanwhile); nothing once the last page is in. */
export function MoreButton({
  pages,
  label,
  size = 'sm',
  className,
}: {
  pages: Pages;
  label: string;
  size?: ButtonSize;
  className?: string;
}) {
  if (!pages.hasNextPage) return null;
  return (
    <Button
      variant="secondary"
      size={size}
      className={className}
      disabled={pages.isFetchingNextPage}
      onClick={() => void pages.fetchNextPage()}
    >
      {pages.isFetchingNextPage ? 'Loading…' : label}
    </Button>
  );
}
