import { Link } from '@tanstack/react-router';
import { buttonClasses } from '@naav/ui/button';
import { EmptyState } from '@naav/ui/empty-state';
import { Icon } from '../../../components/icon';

// Documents are linked to trips by the travel documents feature; until then the tab is empty.
export function DocumentsTab() {
  return (
    <>
      <h2 className="sr-only">Documents</h2>
      <EmptyState
        icon={<Icon name="document" className="size-8" />}
        title="No documents added yet."
        titleAs="p"
        description="Tickets, passports and bookings for this trip will appear here."
        action={
          <Link to="/travel-documents" className={buttonClasses('secondary', 'md')}>
            Go to Travel Documents
          </Link>
        }
      />
    </>
  );
}
