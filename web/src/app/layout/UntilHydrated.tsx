import { useSyncExternalStore, type ReactNode } from 'react';

const subscribeNever = () => () => undefined;

/**
 * A prerendered page's controls stay disabled until they have hydrated: a click or typing that no
 * handler would see yet (the language menu that does not open, or a native form submit, which would
 * put the fields in the URL) has to wait for the app instead. A client render is enabled from the
 * start. It has no box of its own, so it wraps the header or the page without changing the layout.
 */
export function UntilHydrated({ children }: { children: ReactNode }) {
  const hydrated = useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
  return (
    <fieldset className="until-hydrated" role="presentation" disabled={!hydrated}>
      {children}
    </fieldset>
  );
}
