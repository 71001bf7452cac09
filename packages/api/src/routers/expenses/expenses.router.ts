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
import { deleteById, rest } from '../../lib/procedures';

export const expensesRouter = router({
  list: authedProcedure
    .meta(
      rest(
        'GET /trips/{id}/expenses',
        'budget',
        "A trip's expenses, newest first (filters: range, categoryId, q; with page, one page of pageSize; with limit and cursor, the page after the cursor); every one is streamed",
      ),
    )
    .input(listExpensesInput)
    .output(z.array(expenseSchema))
    .query(async ({ ctx, input }) => (await service.searchExpenses(ctx.db, ctx.actor, input, ctx.now())).items),

  search: authedProcedure
    .meta(
      rest(
        'GET /trips/{id}/expenses/page',
        'budget',
        'One page of filtered expenses with the number of matches: by number (page, pageSize) or after a cursor (limit, cursor); nextCursor leads on',
      ),
    )
    .input(listExpensesInput)
    .output(expensePageSchema)
    .query(({ ctx, input }) => {
      // Page 1 unless paged by cursor.
      const byNumber = input.page === undefined && input.limit === undefined && input.cursor === undefined;
      return service.searchExpenses(ctx.db, ctx.actor, byNumber ? { ...input, page: 1 } : input, ctx.now());
    }),

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

  update: authedProcedure
    .meta(rest.recorded('PUT /expenses/{id}', 'budget', 'Change an expense'))
    .input(updateExpenseInput)
    .output(expenseSchema)
    .mutation(({ ctx, input }) => service.updateExpense(ctx.db, ctx.actor, input, ctx.now())),

  delete: deleteById(rest('DELETE /expenses/{id}', 'budget', 'Delete an expense'), service.deleteExpense),
});
