import { z } from 'zod';
import { router } from '../../trpc';
import {
  balancesSchema,
  participantSchema,
  settlementInput,
  settlementSchema,
  spendingByPersonSchema,
} from './balances.schemas';
import * as service from './balances.service';
import { readById, rest, write } from '../../lib/procedures';

export const balancesRouter = router({
  participants: readById(z.array(participantSchema), (db, actor, id) =>
    service.tripParticipants(db, actor, id, 'view'),
  ).at(
    rest(
      'GET /trips/{id}/participants',
      'budget',
      "Who shares a trip's expenses: its owner, the members of the groups it is shared with, its companions",
    ),
  ),

  balances: readById(balancesSchema, service.tripBalances).at(
    rest(
      'GET /trips/{id}/balances',
      'budget',
      "Who owes whom in the trip's base currency, with the fewest payments that settle up",
    ),
  ),

  spending: readById(spendingByPersonSchema, service.tripSpending).at(
    rest(
      'GET /trips/{id}/spending-by-person',
      'budget',
      "Each participant's part of the trip's spending and what they paid, in its base currency",
    ),
  ),

  settle: write(settlementInput, settlementSchema, service.recordSettlement).at(
    rest.recorded(
      'POST /trips/{id}/settlements',
      'budget',
      'Record a payment between participants (counts in balances, not in spending)',
    ),
  ),
});
