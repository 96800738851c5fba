/**
 * Components kept out of a page's initial JavaScript without losing their
 * server-rendered HTML: the server renders the component synchronously (it
 * comes from a `.server` module, which is empty in the browser build) inside
 * a Suspense boundary; the browser keeps that HTML and hydrates it once the
 * component's own chunk, loaded with React.lazy, has arrived.
 */
import { createElement, lazy, Suspense, type ComponentType } from "react";

/**
 * @param serverComponent the component from a `.server` re-export: defined on the server, undefined in the browser.
 * @param load imports the same component in the browser (a dynamic `import()`, so it gets its own chunk).
 * @returns a component with the same props, wrapped in a Suspense boundary with no fallback.
 */
export function splitComponent<P extends object>(
  serverComponent: ComponentType<P> | undefined,
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  // React's types give a lazy component ref-adjusted props that a generic P cannot be checked against; it takes the same props.
  const Component = serverComponent ?? (lazy(() => load().then((component) => ({ default: component }))) as unknown as ComponentType<P>);
  return function Split(props: P) {
    return <Suspense fallback={null}>{createElement(Component, props)}</Suspense>;
  };
}
