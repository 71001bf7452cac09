import { createFileRoute } from '@tanstack/react-router';
import { ComingTogether } from '../../components/coming-together';

export const Route = createFileRoute('/inspirations/')({
  component: () => <ComingTogether title="Travel Inspirations" />,
});
