import { createFileRoute } from '@tanstack/react-router';
import { ComingTogether } from '../../components/coming-together';

export const Route = createFileRoute('/interests/')({
  component: () => <ComingTogether title="My Interests & Preferences" />,
});
