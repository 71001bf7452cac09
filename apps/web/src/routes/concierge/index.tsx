import { createFileRoute } from '@tanstack/react-router';
import { ComingTogether } from '../../components/coming-together';

export const Route = createFileRoute('/concierge/')({
  component: () => <ComingTogether title="Travel Concierge" />,
});
