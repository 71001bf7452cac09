import { createFileRoute } from '@tanstack/react-router';
import { ComingTogether } from '../../components/coming-together';

export const Route = createFileRoute('/travel-planner/')({
  component: () => <ComingTogether title="Travel Planner" />,
});
