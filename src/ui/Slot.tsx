import { Children, cloneElement, forwardRef, isValidElement, type HTMLAttributes, type ReactNode, type Ref } from 'react';

type AnyProps = Record<string, unknown>;

function mergeRefs<T>(...refs: Array<Ref<T> | undefined>) {
  return (value: T | null) => {
    for (const ref of refs) {
      if (typeof ref === 'function') ref(value);
      else if (ref) (ref as { current: T | null }).current = value;
    }
  };
}

/**
 * @internal Renders its only child with the slot's props merged in: handlers composed (the child's runs
 * first and may `preventDefault()` ours), class names joined, styles merged. Used for `asChild`.
 */
export const Slot = forwardRef<HTMLElement, HTMLAttributes<HTMLElement> & { children?: ReactNode }>(function Slot(
  { children, ...slotProps },
  ref,
) {
  const child = Children.only(children);
  if (!isValidElement(child)) return null;
  const childProps = child.props as AnyProps;
  const merged: AnyProps = { ...slotProps, ...childProps };
  for (const key of Object.keys(slotProps)) {
    const ours = (slotProps as AnyProps)[key];
    const theirs = childProps[key];
    if (/^on[A-Z]/.test(key) && typeof ours === 'function' && typeof theirs === 'function') {
      merged[key] = (event: { defaultPrevented?: boolean }) => {
        (theirs as (e: unknown) => void)(event);
        if (!event?.defaultPrevented) (ours as (e: unknown) => void)(event);
      };
    } else if (key === 'className' && theirs) {
      merged.className = `${String(ours)} ${String(theirs)}`;
    } else if (key === 'style' && theirs) {
      merged.style = { ...(ours as object), ...(theirs as object) };
    }
  }
  // React 19 passes ref as a prop; React 18 keeps it on the element.
  const childRef = ('ref' in childProps ? childProps.ref : (child as unknown as { ref?: unknown }).ref) as Ref<HTMLElement> | undefined;
  merged.ref = mergeRefs(ref, childRef);
  return cloneElement(child, merged);
});
