/**
 * Holds a request's bootstrap until the page says its point board is painted, or until a time limit
 * (a hidden tab never paints): two busy workers on two cores slowed the board's paint by a third.
 */
export class ShownGate {
  private readonly waiting = new Map<number, () => void>();

  constructor(private readonly limitMs: number) {}

  /** Resolves when `open(id)` is called or after the limit, whichever comes first. */
  wait(id: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiting.delete(id);
        resolve();
      };
      const timer = setTimeout(done, this.limitMs);
      this.waiting.set(id, done);
    });
  }

  /** The page painted request `id`'s board (or cancelled it): its wait ends now. */
  open(id: number): void {
    this.waiting.get(id)?.();
  }
}
