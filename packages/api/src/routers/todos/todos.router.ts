import { deleteById, listByTrip, rest } from '../../lib/procedures';
import { authedProcedure, router } from '../../trpc';
import { createTodoInput, todoSchema, updateTodoInput } from './todos.schemas';
import * as service from './todos.service';

export const todosRouter = router({
  list: listByTrip(rest('GET /trips/{id}/todos', 'todos', "A trip's to-dos"), todoSchema, service.listTodos),

  create: authedProcedure
    .meta(rest.recorded('POST /trips/{id}/todos', 'todos', 'Add a to-do to a trip'))
    .input(createTodoInput)
    .output(todoSchema)
    .mutation(({ ctx, input }) => service.addTodo(ctx.db, ctx.actor, input)),

  update: authedProcedure
    // Ticked done offline, it is queued by the web app and may be sent again: stored once per key.
    .meta(rest.recorded('PATCH /todos/{id}', 'todos', 'Change a to-do or mark it done'))
    .input(updateTodoInput)
    .output(todoSchema)
    .mutation(({ ctx, input }) => service.updateTodo(ctx.db, ctx.actor, input, ctx.now())),

  delete: deleteById(rest('DELETE /todos/{id}', 'todos', 'Delete a to-do'), service.removeTodo),
});
