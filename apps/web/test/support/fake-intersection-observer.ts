/** A controllable IntersectionObserver: the test decides when the sentinel is visible. */
export class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  observed: Element[] = [];
  constructor(readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.instances.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    FakeIntersectionObserver.instances = FakeIntersectionObserver.instances.filter(
      (o) => o !== this,
    );
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
  static enterAll() {
    for (const observer of [...FakeIntersectionObserver.instances]) {
      observer.callback(
        observer.observed.map(
          (target) =>
            ({ target, isIntersecting: true, intersectionRatio: 1 }) as IntersectionObserverEntry,
        ),
        observer as unknown as IntersectionObserver,
      );
    }
  }
}
