import { z } from 'zod';
import { idInput } from '../../lib/schemas';
import { authedProcedure, router } from '../../trpc';
import { budgetCategories, currencies } from '@naav/schemas/budget';
import {
  budgetSchema,
  budgetSummarySchema,
  categoryBudgetsInput,
  categoryBudgetsSchema,
  categorySchema,
  currencySchema,
  deletedSchema,
  expenseBody,
  expensePageSchema,
  expenseSchema,
  listExpensesInput,
  ratesInput,
  ratesSchema,
  updateBudgetInput,
  updateExpenseInput,
} from './expenses.schemas';
import * as service from './expenses.service';
import { ratesFor, readRateTable } from './rates';

export const expensesRouter = router({
  list: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/trips/{id}/expenses',
        tags: ['budget'],
        summary: "A trip's expenses, newest first (filters: range, categoryId, q; with page, one page of pageSize; with limit and cursor, the page after the cursor); every one is streamed",
      },
    })
    .input(listExpensesInput)
    .output(z.array(expenseSchema))
    .query(async ({ ctx, input }) => (await service.searchExpenses(ctx.db, ctx.actor, input, ctx.now())).items),

  search: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/trips/{id}/expenses/page',
        tags: ['budget'],
        summary: 'One page of filtered expenses with the number of matches: by number (page, pageSize) or after a cursor (limit, cursor); nextCursor leads on',
      },
    })
    .input(listExpensesInput)
    .output(expensePageSchema)
    .query(({ ctx, input }) => {
      // Page 1 unless paged by cursor.
      const byNumber = input.page === undefined && input.limit === undefined && input.cursor === undefined;
      return service.searchExpenses(ctx.db, ctx.actor, byNumber ? { ...input, page: 1 } : input, ctx.now());
    }),

  create: authedProcedure
    .meta({
      idempotency: 'service',
      openapi: {
        method: 'POST',
        path: '/expenses',
        tags: ['budget'],
        summary: 'Add an expense (its rate to the trip currency is frozen); an Idempotency-Key header makes retries safe',
      },
    })
    .input(expenseBody)
    .output(expenseSchema)
    .mutation(({ ctx, input }) =>
      service.createExpense(ctx.db, ctx.actor, input, { now: ctx.now(), idempotencyKey: ctx.requestHeader('idempotency-key') }),
    ),

  update: authedProcedure
    .meta({ idempotency: 'recorded', openapi: { method: 'PUT', path: '/expenses/{id}', tags: ['budget'], summary: 'Change an expense' } })
    .input(updateExpenseInput)
    .output(expenseSchema)
    .mutation(({ ctx, input }) => service.updateExpense(ctx.db, ctx.actor, input, ctx.now())),

  delete: authedProcedure
    .meta({ openapi: { method: 'DELETE', path: '/expenses/{id}', tags: ['budget'], summary: 'Delete an expense' } })
    .input(idInput)
    .output(deletedSchema)
    .mutation(({ ctx, input }) => service.deleteExpense(ctx.db, ctx.actor, input.id)),
});

export const budgetRouter = router({
  summary: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/trips/{id}/budget-summary',
        tags: ['budget'],
        summary: "A trip's totals in its base currency, per category and per currency",
      },
    })
    .input(idInput)
    .output(budgetSummarySchema)
    .query(({ ctx, input }) => service.budgetSummary(ctx.db, ctx.actor, input.id)),

  update: authedProcedure
    .meta({ openapi: { method: 'PATCH', path: '/trips/{id}/budget', tags: ['budget'], summary: "Set a trip's budget and currency" } })
    .input(updateBudgetInput)
    .output(budgetSchema)
    .mutation(({ ctx, input }) => service.updateBudget(ctx.db, ctx.actor, input, ctx.now())),

  categoryBudgets: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/trips/{id}/category-budgets', tags: ['budget'], summary: "A trip's budget per category" } })
    .input(idInput)
    .output(categoryBudgetsSchema)
    .query(({ ctx, input }) => service.listCategoryBudgets(ctx.db, ctx.actor, input.id)),

  setCategoryBudgets: authedProcedure
    .meta({
      openapi: { method: 'PUT', path: '/trips/{id}/category-budgets', tags: ['budget'], summary: "Replace a trip's budget per category" },
    })
    .input(categoryBudgetsInput)
    .output(categoryBudgetsSchema)
    .mutation(({ ctx, input }) => service.setCategoryBudgets(ctx.db, ctx.actor, input, ctx.now())),

  categories: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/budget/categories', tags: ['budget'], summary: 'Expense categories' } })
    .input(z.void())
    .output(z.array(categorySchema))
    .query(() => budgetCategories),

  currencies: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/currencies', tags: ['budget'], summary: 'The supported currencies' } })
    .input(z.void())
    .output(z.array(currencySchema))
    .query(() => currencies),

  rates: authedProcedure
    .meta({
      openapi: { method: 'GET', path: '/currencies/rates', tags: ['budget'], summary: 'Reference rates: 1 base = rates[code] code, with their date' },
    })
    .input(ratesInput)
    .output(ratesSchema)
    .query(async ({ ctx, input }) => ratesFor(await readRateTable(ctx.db), input.base)),
});
