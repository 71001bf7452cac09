import { z } from 'zod';
import { authedProcedure, router } from '../../trpc';
import {
  expenseBody,
  expensePageSchema,
  expenseSchema,
  listExpensesInput,
  updateExpenseInput,
} from './expenses.schemas';
import * as service from './expenses.service';
import { deleteById, read, rest, write } from '../../lib/procedures';

export const expensesRouter = router({
  list: read(
    listExpensesInput,
    z.array(expenseSchema),
    async (db, actor, input, now) => (await service.searchExpenses(db, actor, input, now)).items,
  ).at(
    rest(
      'GET /trips/{id}/expenses',
      'budget',
      "A trip's expenses, newest first (filters: range, categoryId, q; with page, one page of pageSize; with limit and cursor, the page after the cursor); every one is streamed",
    ),
  ),

  search: read(listExpensesInput, expensePageSchema, (db, actor, input, now) => {
    // Page 1 unless paged by cursor.
    const byNumber = input.page === undefined && input.limit === undefined && input.cursor === undefined;
    return service.searchExpenses(db, actor, byNumber ? { ...input, page: 1 } : input, now);
  }).at(
    rest(
      'GET /trips/{id}/expenses/page',
      'budget',
      'One page of filtered expenses with the number of matches: by number (page, pageSize) or after a cursor (limit, cursor); nextCursor leads on',
    ),
  ),

  create: authedProcedure
    .meta({
      ...rest(
        'POST /expenses',
        'budget',
        'Add an expense (its rate to the trip currency is frozen); an Idempotency-Key header makes retries safe',
      ),
      idempotency: 'service',
    })
    .input(expenseBody)
    .output(expenseSchema)
    .mutation(({ ctx, input }) =>
      service.createExpense(ctx.db, ctx.actor, input, {
        now: ctx.now(),
        idempotencyKey: ctx.requestHeader('idempotency-key'),
      }),
    ),

  update: write(updateExpenseInput, expenseSchema, service.updateExpense).at(
    rest.recorded('PUT /expenses/{id}', 'budget', 'Change an expense'),
  ),

  delete: deleteById(service.deleteExpense).at(rest('DELETE /expenses/{id}', 'budget', 'Delete an expense')),
});
