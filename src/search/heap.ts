/**
 * A max-heap of node ids by priority, in growing typed arrays; equal priorities come out in the order
 * they went in (the smaller id first, ids being handed out in order).
 */
export class PriorityQueue {
  size = 0;
  private ids = new Int32Array(1024);
  private priorities = new Float64Array(1024);

  push(id: number, priority: number): void {
    if (this.size === this.ids.length) {
      const ids = new Int32Array(this.size * 2);
      ids.set(this.ids);
      this.ids = ids;
      const priorities = new Float64Array(this.size * 2);
      priorities.set(this.priorities);
      this.priorities = priorities;
    }
    let i = this.size++;
    while (i > 0) {
      const up = (i - 1) >> 1;
      if (!this.before(id, priority, this.ids[up], this.priorities[up])) break;
      this.ids[i] = this.ids[up];
      this.priorities[i] = this.priorities[up];
      i = up;
    }
    this.ids[i] = id;
    this.priorities[i] = priority;
  }

  /** Removes and returns the id with the highest priority; the queue must not be empty. */
  pop(): number {
    const { ids, priorities } = this;
    const top = ids[0];
    const id = ids[--this.size];
    const priority = priorities[this.size];
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= this.size) break;
      if (child + 1 < this.size && this.before(ids[child + 1], priorities[child + 1], ids[child], priorities[child])) child++;
      if (!this.before(ids[child], priorities[child], id, priority)) break;
      ids[i] = ids[child];
      priorities[i] = priorities[child];
      i = child;
    }
    ids[i] = id;
    priorities[i] = priority;
    return top;
  }

  private before(a: number, pa: number, b: number, pb: number): boolean {
    return pa > pb || (pa === pb && a < b);
  }
}
