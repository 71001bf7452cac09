import { deleteById, listByTrip, rest, write } from '../../lib/procedures';
import { router } from '../../trpc';
import { createTodoInput, todoSchema, updateTodoInput } from './todos.schemas';
import * as service from './todos.service';

export const todosRouter = router({
  list: listByTrip(todoSchema, service.listTodos).at(rest('GET /trips/{id}/todos', 'todos', "A trip's to-dos")),

  create: write(createTodoInput, todoSchema, service.addTodo).at(
    rest.recorded('POST /trips/{id}/todos', 'todos', 'Add a to-do to a trip'),
  ),

  // Ticked done offline, it is queued by the web app and may be sent again: stored once per key.
  update: write(updateTodoInput, todoSchema, service.updateTodo).at(
    rest.recorded('PATCH /todos/{id}', 'todos', 'Change a to-do or mark it done'),
  ),

  delete: deleteById(service.removeTodo).at(rest('DELETE /todos/{id}', 'todos', 'Delete a to-do')),
});
