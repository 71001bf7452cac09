import { z } from 'zod';
import { idInput } from '../../lib/schemas';
import { authedProcedure, router } from '../../trpc';
import {
  balancesSchema,
  participantSchema,
  settlementInput,
  settlementSchema,
  spendingByPersonSchema,
} from './balances.schemas';
import * as service from './balances.service';
import { rest } from '../../lib/procedures';

export const balancesRouter = router({
  participants: authedProcedure
    .meta(
      rest(
        'GET /trips/{id}/participants',
        'budget',
        "Who shares a trip's expenses: its owner, the members of the groups it is shared with, its companions",
      ),
    )
    .input(idInput)
    .output(z.array(participantSchema))
    .query(({ ctx, input }) => service.tripParticipants(ctx.db, ctx.actor, input.id, 'view')),

  balances: authedProcedure
    .meta(
      rest(
        'GET /trips/{id}/balances',
        'budget',
        "Who owes whom in the trip's base currency, with the fewest payments that settle up",
      ),
    )
    .input(idInput)
    .output(balancesSchema)
    .query(({ ctx, input }) => service.tripBalances(ctx.db, ctx.actor, input.id)),

  spending: authedProcedure
    .meta(
      rest(
        'GET /trips/{id}/spending-by-person',
        'budget',
        "Each participant's part of the trip's spending and what they paid, in its base currency",
      ),
    )
    .input(idInput)
    .output(spendingByPersonSchema)
    .query(({ ctx, input }) => service.tripSpending(ctx.db, ctx.actor, input.id)),

  settle: authedProcedure
    .meta(
      rest.recorded(
        'POST /trips/{id}/settlements',
        'budget',
        'Record a payment between participants (counts in balances, not in spending)',
      ),
    )
    .input(settlementInput)
    .output(settlementSchema)
    .mutation(({ ctx, input }) => service.recordSettlement(ctx.db, ctx.actor, input, ctx.now())),
});
