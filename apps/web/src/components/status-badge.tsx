import { Badge, type BadgeTone } from '@naav/ui/badge';

/** How each status of a kind shows: its badge's tone and label. */
export type StatusLooks<Status extends string> = Readonly<Record<Status, { tone: BadgeTone; label: string }>>;

/** A status as a badge, in the tone and words `looks` give it. */
export function StatusBadge<Status extends string>({ status, looks }: { status: Status; looks: StatusLooks<Status> }) {
  return <Badge tone={looks[status].tone}>{looks[status].label}</Badge>;
}
