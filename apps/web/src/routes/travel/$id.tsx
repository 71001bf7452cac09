import { createFileRoute } from '@tanstack/react-router';
import { ComingTogether } from '../../components/coming-together';

export const Route = createFileRoute('/travel/$id')({
  component: () => <ComingTogether title="Travel Story" />,
});
