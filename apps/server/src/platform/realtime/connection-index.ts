/**
 * Open connections by the keys pushes address (`user:<id>`, `admin:<id>`, `workspace:<id>`, later topics), so a
 * push touches only its recipients' connections instead of scanning every open socket.
 */
export class ConnectionIndex<C> {
  private readonly byKey = new Map<string, Set<C>>();
  private readonly keysOf = new Map<C, string[]>();

  add(connection: C, keys: string[]): void {
    this.keysOf.set(connection, keys);
    for (const key of keys) {
      const set = this.byKey.get(key) ?? new Set<C>();
      set.add(connection);
      this.byKey.set(key, set);
    }
  }

  remove(connection: C): void {
    for (const key of this.keysOf.get(connection) ?? []) {
      const set = this.byKey.get(key);
      set?.delete(connection);
      if (set?.size === 0) this.byKey.delete(key);
    }
    this.keysOf.delete(connection);
  }

  /** The connections under `key`, as a copy: closing one while walking them is safe. */
  get(key: string): C[] {
    return [...(this.byKey.get(key) ?? [])];
  }

  all(): C[] {
    return [...this.keysOf.keys()];
  }

  get size(): number {
    return this.keysOf.size;
  }
}
