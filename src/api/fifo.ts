// A first-in first-out queue with O(1) push and shift: Array.prototype.shift moves every element,
// which on a queue of 50,000 waiting reads makes draining it quadratic.

export class Fifo<T> {
  private items: (T | undefined)[] = [];
  private head = 0;

  get length(): number {
    return this.items.length - this.head;
  }

  push(item: T): void {
    this.items.push(item);
  }

  /** The next item, left in the queue. */
  peek(): T | undefined {
    return this.head < this.items.length ? this.items[this.head] : undefined;
  }

  shift(): T | undefined {
    if (this.head >= this.items.length) return undefined;
    const item = this.items[this.head];
    this.items[this.head] = undefined; // let it be collected
    this.head += 1;
    // Compact once the consumed prefix is half the array: amortised O(1), memory bounded by twice the length.
    if (this.head > 1024 && this.head * 2 >= this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return item;
  }
}
