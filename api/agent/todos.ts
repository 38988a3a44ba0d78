import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database.ts';

export type TodoStatus = 'pending' | 'in_progress' | 'completed' | 'cancelled';
export type TodoPriority = 'high' | 'medium' | 'low';

/** A todo as the API shows it (`todos` in test/fixtures/mintlify-openapi/admin-openapi.json). */
export interface Todo {
  id: string;
  content: string;
  status: TodoStatus;
  priority: TodoPriority;
}

/**
 * A job's todo list, kept in its `todos`. The model names its todos with ids of its own
 * ("1", "2"); each keeps one stored id for the whole job, so clients can follow a todo across updates.
 */
export class TodoList {
  readonly #ids = new Map<string, string>();

  constructor(
    private readonly db: Db,
    private readonly jobId: string,
  ) {}

  /** Replaces the list with `todos`, in their order. */
  async replace(todos: { id: string; content: string; status: TodoStatus; priority: TodoPriority }[]): Promise<Todo[]> {
    const stored = todos.map((todo) => {
      let id = this.#ids.get(todo.id);
      if (!id) this.#ids.set(todo.id, (id = randomBytes(12).toString('hex')));
      return { id, content: todo.content, status: todo.status, priority: todo.priority };
    });
    await this.db.$transaction([
      this.db.todo.deleteMany({ where: { jobId: this.jobId } }),
      this.db.todo.createMany({ data: stored.map((todo, position) => ({ ...todo, jobId: this.jobId, position })) }),
    ]);
    return stored;
  }
}
