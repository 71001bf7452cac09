// Who hears of a proposal's steps: the client of a submitted version, the agent of the client's answers.
import type { Database } from '@naav/db';
import { sql } from 'drizzle-orm';
import { firstLine, noticeToEach, onePerson } from '../../lib/notify';
import type { Proposal } from './proposals.schemas';

/** A `YYYY-MM-DD` day as "Jun 12, 2027" (a calendar day, read in no zone). */
const day = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** Where the client opens it, and where the agent does. */
const clientLink = (id: string) => `/travel-planner?tab=proposals&proposal=${id}`;
const agentLink = (id: string) => `/travel-planner?view=agent&tab=proposals&proposal=${id}`;

/** Guarded: only if the status move just before it in the batch (its feedAfterChange) wrote anything. */
const afterMove = sql`changes() > 0`;

/** The client's notice of a submitted version: title, destination, dates, expiry, and a link to open it. */
export function submittedNotice(db: Database, proposal: Proposal, version: number) {
  return noticeToEach(
    db,
    onePerson(proposal.userId),
    {
      kind: 'proposal_new',
      title: version > 1 ? `New version of your proposal: ${proposal.title}` : `New proposal: ${proposal.title}`,
      body: `${proposal.destination}, ${day(proposal.startDate)} – ${day(proposal.endDate)}. Decide by ${day(proposal.expiryDate)}.`,
      link: clientLink(proposal.id),
    },
    afterMove,
  );
}

type Answer = 'opened' | 'revisions' | 'accepted' | 'declined';

const answered: Record<Answer, string> = {
  opened: 'opened',
  revisions: 'asked for changes to',
  accepted: 'accepted',
  declined: 'declined',
};

/** The agent's notice of the client's answer: who, what, a link; revisions quote the comment's first line. */
export function answerNotice(db: Database, proposal: Proposal, answer: Answer, comment?: string) {
  return noticeToEach(
    db,
    onePerson(proposal.agentId),
    {
      kind: 'proposal_response',
      title: `${proposal.clientName} ${answered[answer]} ${proposal.title}`,
      body: comment ? firstLine(comment) : `Version ${proposal.version} · ${proposal.destination}`,
      link: agentLink(proposal.id),
    },
    afterMove,
  );
}
