/**
 * The connected instances of an element, in order; the first one answers a page-wide event (a
 * keyboard shortcut, a question handed over), so two elements on one page never both react.
 */
export class FirstConnected<T> {
  private readonly instances: T[] = [];

  constructor(
    private readonly type: string,
    private readonly listener: (event: Event, first: T) => void,
  ) {}

  private readonly onEvent = (event: Event) => {
    if (this.instances[0] && !event.defaultPrevented) this.listener(event, this.instances[0]);
  };

  add(instance: T): void {
    if (this.instances.length === 0) window.addEventListener(this.type, this.onEvent);
    this.instances.push(instance);
  }

  remove(instance: T): void {
    this.instances.splice(this.instances.indexOf(instance), 1);
    if (this.instances.length === 0) window.removeEventListener(this.type, this.onEvent);
  }
}
