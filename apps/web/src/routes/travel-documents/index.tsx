import { createFileRoute } from '@tanstack/react-router';
import { ComingTogether } from '../../components/coming-together';

export const Route = createFileRoute('/travel-documents/')({
  component: () => <ComingTogether title="Travel Documents" />,
});
