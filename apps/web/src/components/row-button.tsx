import { Button, type ButtonProps } from '@naav/ui/button';

/**
 * A list row's small text button ("Edit", "Revoke"), read out with the row it acts on ("Revoke CI
 * token"): `action` is its word, `row` the row's name. Secondary unless another `variant` is given.
 */
export function RowButton({
  action,
  row,
  variant = 'secondary',
  size = 'sm',
  ...props
}: { action: string; row: string } & Omit<ButtonProps, 'children' | 'aria-label'>) {
  return (
    <Button variant={variant} size={size} {...props} aria-label={`${action} ${row}`}>
      {action}
    </Button>
  );
}
