import { deleteById, listByTrip } from '../../lib/procedures';
import { authedProcedure, router } from '../../trpc';
import { createTodoInput, todoSchema, updateTodoInput } from './todos.schemas';
import * as service from './todos.service';

export const todosRouter = router({
  list: listByTrip(
    { method: 'GET', path: '/trips/{id}/todos', tags: ['todos'], summary: "A trip's to-dos" },
    todoSchema,
    service.listTodos,
  ),

  create: authedProcedure
    .meta({
      openapi: { method: 'POST', path: '/trips/{id}/todos', tags: ['todos'], summary: 'Add a to-do to a trip' },
      idempotency: 'recorded',
    })
    .input(createTodoInput)
    .output(todoSchema)
    .mutation(({ ctx, input }) => service.addTodo(ctx.db, ctx.actor, input)),

  update: authedProcedure
    // Ticked done offline, it is queued by the web app and may be sent again: stored once per key.
    .meta({
      idempotency: 'recorded',
      openapi: { method: 'PATCH', path: '/todos/{id}', tags: ['todos'], summary: 'Change a to-do or mark it done' },
    })
    .input(updateTodoInput)
    .output(todoSchema)
    .mutation(({ ctx, input }) => service.updateTodo(ctx.db, ctx.actor, input, ctx.now())),

  delete: deleteById(
    { method: 'DELETE', path: '/todos/{id}', tags: ['todos'], summary: 'Delete a to-do' },
    service.removeTodo,
  ),
});
