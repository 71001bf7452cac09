import { router } from '../../trpc';
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
import { listMine, read, readById, rest, write } from '../../lib/procedures';

export const budgetRouter = router({
  summary: readById(budgetSummarySchema, service.budgetSummary).at(
    rest(
      'GET /trips/{id}/budget-summary',
      'budget',
      "A trip's totals in its base currency, per category and per currency",
    ),
  ),

  update: write(updateBudgetInput, budgetSchema, service.updateBudget).at(
    rest('PATCH /trips/{id}/budget', 'budget', "Set a trip's budget and currency"),
  ),

  categoryBudgets: readById(categoryBudgetsSchema, service.listCategoryBudgets).at(
    rest('GET /trips/{id}/category-budgets', 'budget', "A trip's budget per category"),
  ),

  setCategoryBudgets: write(categoryBudgetsInput, categoryBudgetsSchema, service.setCategoryBudgets).at(
    rest('PUT /trips/{id}/category-budgets', 'budget', "Replace a trip's budget per category"),
  ),

  categories: listMine(categorySchema, async () => [...budgetCategories]).at(
    rest('GET /budget/categories', 'budget', 'Expense categories'),
  ),

  currencies: listMine(currencySchema, async () => [...currencies]).at(
    rest('GET /currencies', 'budget', 'The supported currencies'),
  ),

  rates: read(ratesInput, ratesSchema, async (db, _actor, { base }) => ratesFor(await readRateTable(db), base)).at(
    rest('GET /currencies/rates', 'budget', 'Reference rates: 1 base = rates[code] code, with their date'),
  ),
});
