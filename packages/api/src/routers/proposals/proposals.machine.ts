import type { UserRole } from '@naav/db/schema';
import type { proposalStatuses } from '@naav/db/schema';

export type ProposalStatus = (typeof proposalStatuses)[number];

/**
 * Everything anyone can do to a proposal. `open` is the client looking at it (the first look at
 * a submitted version moves it to reviewing; later looks change nothing); `edit` covers changing its details and adding, changing and deleting itinerary items.
 */
export const proposalActions = ['edit', 'submit', 'open', 'accept', 'decline', 'requestRevisions', 'comment'] as const;
export type ProposalAction = (typeof proposalActions)[number];

interface Rule {
  /** Who may take the action. */
  role: UserRole;
  /** The statuses it may be taken from, each with the status it leads to. */
  from: Partial<Record<ProposalStatus, ProposalStatus>>;
}

/**
 * The proposal's whole life in one table: a (status, action, role) combination not listed is
 * refused. approved and rejected appear in no `from`: they are final, and an approved proposal
 * is frozen.
 */
const proposalMachine: Record<ProposalAction, Rule> = {
  edit: { role: 'agent', from: { draft: 'draft' } },
  submit: { role: 'agent', from: { draft: 'submitted' } },
  open: {
    role: 'client',
    from: { submitted: 'reviewing', reviewing: 'reviewing', approved: 'approved', rejected: 'rejected' },
  },
  accept: { role: 'client', from: { submitted: 'approved', reviewing: 'approved' } },
  decline: { role: 'client', from: { submitted: 'rejected', reviewing: 'rejected' } },
  requestRevisions: { role: 'client', from: { submitted: 'draft', reviewing: 'draft' } },
  comment: { role: 'client', from: { submitted: 'submitted', reviewing: 'reviewing' } },
};

/** How the action reads in a message: "Cannot request revisions on a proposal that is approved". */
const actionLabels: Record<ProposalAction, string> = {
  edit: 'change',
  submit: 'submit',
  open: 'open',
  accept: 'accept',
  decline: 'decline',
  requestRevisions: 'request revisions on',
  comment: 'comment on',
};

export type TransitionResult =
  | { ok: true; to: ProposalStatus }
  | { ok: false; reason: 'forbidden'; message: string }
  | { ok: false; reason: 'conflict'; message: string };

/**
 * Decides one action. An expired proposal (past its expiry date, still awaiting the client) can
 * no longer be accepted; it can still be declined or sent back for revisions.
 */
export function decide(
  proposal: { status: ProposalStatus; expired: boolean },
  action: ProposalAction,
  role: 'client' | 'agent',
): TransitionResult {
  const rule = proposalMachine[action];
  if (rule.role !== role) {
    return {
      ok: false,
      reason: 'forbidden',
      message:
        rule.role === 'agent'
          ? `Only travel agents can ${actionLabels[action]} a proposal`
          : `Only the client can ${actionLabels[action]} a proposal`,
    };
  }
  const to = rule.from[proposal.status];
  if (!to)
    return {
      ok: false,
      reason: 'conflict',
      message: `Cannot ${actionLabels[action]} a proposal that is ${proposal.status}`,
    };
  if (action === 'accept' && proposal.expired) {
    return { ok: false, reason: 'conflict', message: `Cannot ${actionLabels[action]} a proposal that is expired` };
  }
  return { ok: true, to };
}

/** Awaiting the client's decision and past its expiry date. */
export const isExpired = (p: { status: ProposalStatus; expiryDate: string }, today: string) =>
  (p.status === 'submitted' || p.status === 'reviewing') && p.expiryDate < today;
