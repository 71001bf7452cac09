import { createFileRoute } from '@tanstack/react-router';
import { ComingTogether } from '../../components/coming-together';

export const Route = createFileRoute('/budget-tracker/')({
  component: () => <ComingTogether title="Budget Tracker" />,
});
