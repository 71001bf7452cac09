import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { Icon } from '~/components/icon';

/**
 * Always within reach while reading a trip; the concierge chat itself lives at /concierge.
 * On a phone it would sit on the trip's header card and hide its buttons, so there it
 * shows only once `header` has scrolled out of view (the Concierge Support card offers the
 * chat too).
 */
export function ChatButton({ header }: { header: Element | null }) {
  const headerInView = useInView(header);
  return (
    <Link
      to="/concierge"
      search={{ tab: 'chat' }}
      aria-label="Chat with your concierge"
      className={`fixed bottom-5 right-5 z-30 inline-flex size-14 items-center justify-center rounded-full bg-brand-600 text-white shadow-lg transition-colors hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${headerInView ? 'max-sm:hidden' : ''}`}
    >
      <Icon name="chat" className="size-6" />
    </Link>
  );
}

/** Whether any part of the element is in the viewport (false while there is no element). */
function useInView(element: Element | null): boolean {
  const [inView, setInView] = useState(false);
  useEffect(() => {
    if (!element || typeof IntersectionObserver === 'undefined') return setInView(false);
    const observer = new IntersectionObserver(([entry]) => setInView(entry?.isIntersecting ?? false));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return inView;
}
