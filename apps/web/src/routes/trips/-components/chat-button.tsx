import { Link } from '@tanstack/react-router';
import { Icon } from '../../../components/icon';

/** Always within reach while reading a trip; the concierge chat itself lives at /concierge. */
export function ChatButton() {
  return (
    <Link
      to="/concierge"
      search={{ tab: 'chat' }}
      aria-label="Chat with your concierge"
      className="fixed bottom-5 right-5 z-30 inline-flex size-14 items-center justify-center rounded-full bg-brand-600 text-white shadow-lg transition-colors hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
    >
      <Icon name="chat" className="size-6" />
    </Link>
  );
}
