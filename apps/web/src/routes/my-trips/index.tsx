import { createFileRoute } from '@tanstack/react-router';
import { ComingTogether } from '../../components/coming-together';

export const Route = createFileRoute('/my-trips/')({
  component: () => <ComingTogether title="My Trips" />,
});
