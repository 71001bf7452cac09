import { createFileRoute } from '@tanstack/react-router';
import { ComingTogether } from '../../components/coming-together';

export const Route = createFileRoute('/trips/$id')({
  component: () => <ComingTogether title="Trip Details" />,
});
