import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { Card } from '@naav/ui/card';
import { EmptyState } from '@naav/ui/empty-state';
import { Tabs } from '@naav/ui/tabs';
import { Icon } from '~/components/icon';
import { LoadError } from '~/components/load-error';
import { LoadingBlock } from '~/components/loading-block';
import { usePageTitle } from '~/components/page-title';
import { useTRPC } from '~/lib/trpc';
import { InterestsTab } from './interests-tab';

// Wishlist and Food (their forms) load when their tab is first pointed at, focused or chosen: the screen opens on Interests.
const loadWishlist = () => import('./wishlist-tab');
const WishlistTab = lazy(() => loadWishlist().then((m) => ({ default: m.WishlistTab })));
const loadFood = () => import('./food-tab');
const FoodTab = lazy(() => loadFood().then((m) => ({ default: m.FoodTab })));
const preloading = (load: () => Promise<unknown>) => () => void load().catch(() => undefined);

/** 'My Interests & Preferences': interests, wishlist and food; hobbies and memory come later. */
export function InterestsPage() {
  usePageTitle('My Interests & Preferences');
  const trpc = useTRPC();
  const profile = useQuery(trpc.interests.profile.queryOptions());
  const categories = useQuery(trpc.interests.categories.queryOptions());

  const loading = <LoadingBlock text="Loading your interests..." />;
  const failed = (
    <LoadError
      what="your interests"
      onRetry={() => {
        void profile.refetch();
        void categories.refetch();
      }}
    />
  );
  const ready = profile.data && categories.data ? { profile: profile.data, categories: categories.data } : null;
  const body = (render: (data: NonNullable<typeof ready>) => ReactNode) =>
    ready ? render(ready) : profile.isError || categories.isError ? failed : loading;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:py-10">
      <h1 className="font-display text-3xl font-semibold text-ink sm:text-4xl">My Interests &amp; Preferences</h1>
      <p className="mt-2 text-muted">Tell us what you love, so every trip we suggest fits you.</p>
      <Tabs
        className="mt-6"
        label="Interest sections"
        tabs={[
          {
            key: 'interests',
            label: 'Interests',
            content: body(({ profile: p, categories: c }) => (
              <InterestsTab interests={p.interests} wishlistCount={p.wishlist.length} categories={c} />
            )),
          },
          {
            key: 'wishlist',
            label: 'Wishlist',
            content: body(({ profile: p }) => (
              <Suspense fallback={loading}>
                <WishlistTab items={p.wishlist} />
              </Suspense>
            )),
            preload: preloading(loadWishlist),
          },
          {
            key: 'food',
            label: 'Food',
            content: (
              <Suspense fallback={<LoadingBlock text="Loading your food preferences..." />}>
                <FoodTab />
              </Suspense>
            ),
            preload: preloading(loadFood),
          },
          { key: 'hobbies', label: 'Hobbies', content: <ComingSoon title="Hobbies are coming soon" /> },
          { key: 'memory', label: 'Memory', content: <ComingSoon title="Memory is coming soon" /> },
        ]}
      />
    </div>
  );
}

function ComingSoon({ title }: { title: string }) {
  return (
    <Card>
      <EmptyState
        icon={<Icon name="sparkles" className="size-8" />}
        title={title}
        titleAs="h2"
        description="This part of your profile is coming soon."
      />
    </Card>
  );
}
