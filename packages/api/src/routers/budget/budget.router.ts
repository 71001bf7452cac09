import { z } from 'zod';
import { idInput } from '../../lib/schemas';
import { authedProcedure, router } from '../../trpc';
import { budgetCategories, currencies } from '@naav/schemas/budget';
import { categorySchema } from '../expenses/expenses.schemas';
import { ratesFor, readRateTable } from '../expenses/rates';
import {
  budgetSchema,
  budgetSummarySchema,
  categoryBudgetsInput,
  categoryBudgetsSchema,
  currencySchema,
  ratesInput,
  ratesSchema,
  updateBudgetInput,
} from './budget.schemas';
import * as service from './budget.service';
import { rest } from '../../lib/procedures';

export const budgetRouter = router({
  summary: authedProcedure
    .meta(
      rest(
        'GET /trips/{id}/budget-summary',
        'budget',
        "A trip's totals in its base currency, per category and per currency",
      ),
    )
    .input(idInput)
    .output(budgetSummarySchema)
    .query(({ ctx, input }) => service.budgetSummary(ctx.db, ctx.actor, input.id)),

  update: authedProcedure
    .meta(rest('PATCH /trips/{id}/budget', 'budget', "Set a trip's budget and currency"))
    .input(updateBudgetInput)
    .output(budgetSchema)
    .mutation(({ ctx, input }) => service.updateBudget(ctx.db, ctx.actor, input, ctx.now())),

  categoryBudgets: authedProcedure
    .meta(rest('GET /trips/{id}/category-budgets', 'budget', "A trip's budget per category"))
    .input(idInput)
    .output(categoryBudgetsSchema)
    .query(({ ctx, input }) => service.listCategoryBudgets(ctx.db, ctx.actor, input.id)),

  setCategoryBudgets: authedProcedure
    .meta(rest('PUT /trips/{id}/category-budgets', 'budget', "Replace a trip's budget per category"))
    .input(categoryBudgetsInput)
    .output(categoryBudgetsSchema)
    .mutation(({ ctx, input }) => service.setCategoryBudgets(ctx.db, ctx.actor, input, ctx.now())),

  categories: authedProcedure
    .meta(rest('GET /budget/categories', 'budget', 'Expense categories'))
    .input(z.void())
    .output(z.array(categorySchema))
    .query(() => budgetCategories),

  currencies: authedProcedure
    .meta(rest('GET /currencies', 'budget', 'The supported currencies'))
    .input(z.void())
    .output(z.array(currencySchema))
    .query(() => currencies),

  rates: authedProcedure
    .meta(rest('GET /currencies/rates', 'budget', 'Reference rates: 1 base = rates[code] code, with their date'))
    .input(ratesInput)
    .output(ratesSchema)
    .query(async ({ ctx, input }) => ratesFor(await readRateTable(ctx.db), input.base)),
});
