import { createFileRoute } from '@tanstack/react-router';
import { NotificationSettingsPage } from './-components/notification-settings-page';

export const Route = createFileRoute('/notification-settings/')({
  // Start the request at once; the screen shows its own loading state meanwhile.
  loader: ({ context: { queryClient, trpc } }) => {
    void queryClient.prefetchQuery(trpc.notificationSettings.get.queryOptions());
  },
  component: NotificationSettingsPage,
});
