import { createFileRoute } from '@tanstack/react-router';
import { ComingTogether } from '../../components/coming-together';

export const Route = createFileRoute('/family/')({
  component: () => <ComingTogether title="Family & Groups" />,
});
