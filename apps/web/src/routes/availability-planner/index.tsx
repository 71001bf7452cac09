import { createFileRoute } from '@tanstack/react-router';
import { ComingTogether } from '../../components/coming-together';

export const Route = createFileRoute('/availability-planner/')({
  component: () => <ComingTogether title="Availability Planner" />,
});
