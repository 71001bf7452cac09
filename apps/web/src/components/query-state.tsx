import { isValidElement, type ReactElement, type ReactNode } from 'react';
import { LoadError, type LoadErrorProps } from './load-error';
import { LoadingBlock } from './loading-block';

/** The part of a query (or of several, combined by the caller) the states are read from. */
interface QueryLike<T> {
  isPending: boolean;
  isError: boolean;
  data: T | undefined;
  refetch: () => unknown;
}

type LoadingProps = Parameters<typeof LoadingBlock>[0];
type ErrorProps = LoadErrorProps extends infer P
  ? P extends unknown
    ? Omit<P, 'onRetry'> & { onRetry?: () => void }
    : never
  : never;

const isEmptyList = (data: unknown) => Array.isArray(data) && data.length === 0;

/**
 * A section's four states from its query: loading (LoadingBlock, or the element given), an error
 * with a retry (LoadError, retrying the query unless told otherwise), empty (what `empty` shows,
 * when `isEmpty` says so; by default an empty list), and the data, drawn by `children`.
 * Each screen words its own loading, error and empty texts: `loading` given as a string is the
 * LoadingBlock's text ("Loading trips..."), `error` given as a string what could not be loaded
 * ("your trips").
 */
export function QueryState<T>({
  query,
  loading,
  error,
  empty,
  isEmpty = isEmptyList,
  children,
}: {
  query: QueryLike<T>;
  loading: LoadingProps | ReactElement | string;
  error: ErrorProps | ReactElement | string;
  empty?: ReactNode;
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) {
    if (typeof loading === 'string') return <LoadingBlock text={loading} />;
    return isValidElement(loading) ? loading : <LoadingBlock {...loading} />;
  }
  if (query.isError || query.data === undefined) {
    if (typeof error === 'string') return <LoadError what={error} onRetry={() => void query.refetch()} />;
    if (isValidElement(error)) return error;
    const { onRetry = () => void query.refetch(), ...words } = error;
    return <LoadError {...(words as LoadErrorProps)} onRetry={onRetry} />;
  }
  if (empty !== undefined && isEmpty(query.data)) return <>{empty}</>;
  return <>{children(query.data)}</>;
}
