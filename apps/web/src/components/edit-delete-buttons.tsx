import { Icon } from '~/components/icon';

const iconButton =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/** A row's pencil and bin buttons, named "Edit <name>" and "Delete <name>" for screen readers. */
export function EditDeleteButtons({
  name,
  onEdit,
  onDelete,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <>
      <button
        type="button"
        aria-label={`Edit ${name}`}
        onClick={onEdit}
        className={`${iconButton} hover:bg-brand-50 hover:text-ink`}
      >
        <Icon name="pencil" className="size-4" />
      </button>
      <button
        type="button"
        aria-label={`Delete ${name}`}
        onClick={onDelete}
        className={`${iconButton} hover:bg-danger-50 hover:text-danger-600`}
      >
        <Icon name="trash" className="size-4" />
      </button>
    </>
  );
}
