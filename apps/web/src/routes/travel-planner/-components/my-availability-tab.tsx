import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { Button, buttonClasses } from '@naav/ui/button';
import type { AddMode } from '~/components/availability/add-new-dialog';
import { LazyAddNewDialog as AddNewDialog } from '~/components/lazy-dialogs';
import { AvailabilityLists } from '~/components/availability/availability-lists';

/** The client's availability windows and special occasions, with the 'Add New' dialog. */
export function MyAvailabilityTab() {
  const [adding, setAdding] = useState<AddMode | null>(null);
  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold text-ink">My Availability</h2>
        <div className="flex flex-wrap gap-2">
          <Link to="/availability-planner" className={buttonClasses('secondary', 'md')}>
            Open Year Calendar
          </Link>
          <Button onClick={() => setAdding('availability')}>Add New</Button>
        </div>
      </div>
      <AvailabilityLists variant="tab" onAdd={setAdding} />
      <AddNewDialog open={adding !== null} onClose={() => setAdding(null)} initialMode={adding ?? 'availability'} />
    </div>
  );
}
